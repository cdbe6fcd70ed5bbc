import { keyFingerprint } from '../api/keys';
import type { CellHints, CellId, Format, Keys } from '../api/types';

const fingerprint = (keys: Keys | null): string => (keys ? keyFingerprint(keys) : 'no-keys');

/**
 * Every query key of the app, general to specific, built only here. Keys enter as a fingerprint, never as they
 * are. The features build their queries on these; forgetting the keys removes `location.all` and `cell.all`.
 */
export const queryKeys = {
  settings: ['settings'] as const,
  location: {
    all: ['location'] as const,
    read: (keys: Keys | null, format: Format) => ['location', fingerprint(keys), format] as const,
  },
  cell: {
    all: ['cell'] as const,
    read: (keys: Keys | null, id: CellId | null, format: Format, hints: CellHints = {}) => {
      const { mcc = '', mnc = '', cellid = '' } = id ?? {};
      const { lac = '', radio = '' } = hints;
      return ['cell', mcc, mnc, cellid, lac, radio, fingerprint(keys), format] as const;
    },
  },
};
