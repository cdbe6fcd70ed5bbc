import { useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';
import { useMapFocus } from '../state/session';
import type { MessageKey } from '../i18n/en';
import {
  BatchSymbol,
  CamaraAreaSymbol,
  CamaraCircleSymbol,
  CellSymbol,
  DeviceSymbol,
  GroupSymbol,
  InViewSymbol,
  PhoneSymbol,
  RangeSymbol,
  TrailSymbol,
  WatchAreaSymbol,
} from './legend-symbols';

const ENTRIES: ReadonlyArray<[symbol: () => ReactNode, text: MessageKey]> = [
  [PhoneSymbol, 'legend.phone'],
  [CellSymbol, 'legend.cell'],
  [InViewSymbol, 'legend.inView'],
  [BatchSymbol, 'legend.batch'],
  [GroupSymbol, 'legend.group'],
  [DeviceSymbol, 'legend.device'],
  [RangeSymbol, 'legend.range'],
  [TrailSymbol, 'legend.trail'],
];

/** Where a CAMARA operator answers (LOCATION_SOURCE=camara): its area, the circle a check asked about. */
const CAMARA_ENTRIES: ReadonlyArray<[symbol: () => ReactNode, text: MessageKey]> = [
  [CamaraAreaSymbol, 'legend.camaraArea'],
  [CamaraCircleSymbol, 'legend.camaraCircle'],
];
/** An area the person watches: with LOCATION_SOURCE=camara always, in demo mode while one is drawn. */
const WATCH_ENTRY: [symbol: () => ReactNode, text: MessageKey] = [WatchAreaSymbol, 'legend.watchArea'];

/** Open from the start where the map has room; on a phone it waits to be asked. */
const openAtFirst = (): boolean => window.matchMedia?.('(min-width: 761px)').matches ?? true;

/**
 * What each mark on the map means, in the shapes and colours the map draws them with. `range` says what the circle
 * around the looked-up cell is, when one is drawn, in place of the range entry's general words.
 */
export function MapLegend({ range, camara = false }: { range?: string | undefined; camara?: boolean }) {
  const { t } = useI18n();
  const [open] = useState(openAtFirst);
  // While the cells in view come as counts, the numbers on the map are counts per square, not groups.
  const counted = useMapFocus((focus) => focus.inViewCounts !== undefined);
  const watching = useMapFocus((focus) => (focus.watches?.length ?? 0) > 0);
  const entries = [
    ...ENTRIES,
    ...(camara ? CAMARA_ENTRIES : []),
    ...(camara || watching ? [WATCH_ENTRY] : []),
  ];
  const words = (key: MessageKey): string =>
    key === 'legend.range' && range !== undefined
      ? range
      : t(key === 'legend.group' && counted ? 'legend.groupCounted' : key);
  return (
    <details className="map-legend" open={open}>
      <summary>{t('legend.title')}</summary>
      <ul>
        {entries.map(([Symbol, key]) => (
          <li key={key}>
            <span className="legend-symbol">
              <Symbol />
            </span>
            <span>{words(key)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
