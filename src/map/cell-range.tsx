import { Circle } from 'react-leaflet';
import type { CellFacts } from '../api/cell-facts';
import type { Cell } from '../api/types';
import { useI18n } from '../i18n/i18n';
import { sourceName } from '../i18n/source-name';
import { COLOURS, rangeStyle } from './palette';

const cellRangeStyle = rangeStyle(COLOURS.cell);

/** Metres around the cell its source gives: OpenCelliD's range, or a geolocation estimate's accuracy. */
const radiusOf = (facts: CellFacts | undefined): number | undefined => {
  const radius = facts?.rangeMeters ?? facts?.accuracyMeters;
  return radius !== undefined && radius > 0 ? radius : undefined;
};

/** The circle a looked-up cell's source gives around it; the legend says which kind it is (useRangeNote). */
export function CellRange({ cell, facts }: { cell: Cell; facts: CellFacts | undefined }) {
  const radius = radiusOf(facts);
  if (radius === undefined) return null;
  return (
    <Circle
      center={[cell.position.lat, cell.position.lon]}
      radius={radius}
      pathOptions={cellRangeStyle}
      interactive={false}
    />
  );
}

/**
 * What the looked-up cell's circle means, for the legend's range entry: the same circle is the area the cell was
 * heard in (a range) or where a device hearing it would be (an estimate's accuracy). Undefined when none is drawn.
 */
export function useRangeNote(facts: CellFacts | undefined): string | undefined {
  const { t, formatDistance } = useI18n();
  const radius = radiusOf(facts);
  if (facts === undefined || radius === undefined) return undefined;
  return t(facts.rangeMeters === undefined ? 'map.legend.accuracy' : 'map.legend.range', {
    distance: formatDistance(radius),
    source: sourceName(facts.source, t),
  });
}
