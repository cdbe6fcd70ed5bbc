import { keyFingerprint } from '../api/keys';
import type { CamaraQuestion } from '../api/camara';
import type { CellsQuery } from '../api/cells-in-view';
import type { CellHints, CellId, Format, Keys } from '../api/types';

const fingerprint = (keys: Keys | null): string => (keys ? keyFingerprint(keys) : 'no-keys');

/**
 * Every query key of the app, general to specific, built only here. Keys enter as a fingerprint, never as they
 * are. The features build their queries on these; forgetting the keys removes every `all`.
 */
export const queryKeys = {
  settings: ['settings'] as const,
  location: {
    all: ['location'] as const,
    read: (keys: Keys | null, format: Format) => ['location', fingerprint(keys), format] as const,
  },
  /** The CAMARA read's questions (LOCATION_SOURCE=camara): where the phone is, whether it is near a place. */
  camara: {
    all: ['camara'] as const,
    read: (keys: Keys | null, kind: CamaraQuestion) => ['camara', kind, fingerprint(keys)] as const,
    /** "Watch my phone": the user's watches, under camara so that Forget keys removes them too. */
    watches: (keys: Keys | null) => ['camara', 'watches', fingerprint(keys)] as const,
  },
  cell: {
    all: ['cell'] as const,
    read: (keys: Keys | null, id: CellId | null, format: Format, hints: CellHints = {}) => {
      const { mcc = '', mnc = '', cellid = '' } = id ?? {};
      const { lac = '', radio = '' } = hints;
      return ['cell', mcc, mnc, cellid, lac, radio, fingerprint(keys), format] as const;
    },
  },
  cellsInView: {
    all: ['cells-in-view'] as const,
    read: (keys: Keys | null, query: CellsQuery | null, format: Format) => {
      const { bbox, mcc = '', mnc = '', radio = '', limit = 0 } = query ?? {};
      const { west = 0, south = 0, east = 0, north = 0 } = bbox ?? {};
      return [
        'cells-in-view',
        west,
        south,
        east,
        north,
        mcc,
        mnc,
        radio,
        limit,
        fingerprint(keys),
        format,
      ] as const;
    },
    /** Whether two of its keys were read with the same keys: one view's cells stand in for another's only then. */
    sameKeys: (a: readonly unknown[], b: readonly unknown[]): boolean => a[9] === b[9],
  },
};
