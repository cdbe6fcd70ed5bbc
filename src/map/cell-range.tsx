import { Circle } from 'react-leaflet';
import type { CellFacts } from '../api/cell-facts';
import type { Cell } from '../api/types';
import { useI18n } from '../i18n/i18n';
import { sourceName } from '../i18n/source-name';

const rangeStyle = { color: '#b3261e', weight: 1, fillColor: '#b3261e', fillOpacity: 0.08, dashArray: '4 4' };

/**
 * The circle a cell's source gives around it (OpenCelliD's range, or a geolocation estimate's accuracy), and a
 * legend that says which of the two it is: the same circle means different things.
 */
export function CellRange({ cell, facts }: { cell: Cell; facts: CellFacts | undefined }) {
  const { t, formatDistance } = useI18n();
  const radius = facts?.rangeMeters ?? facts?.accuracyMeters;
  if (facts === undefined || radius === undefined || radius <= 0) return null;
  const estimate = facts.rangeMeters === undefined;
  const legend = t(estimate ? 'map.legend.accuracy' : 'map.legend.range', {
    distance: formatDistance(radius),
    source: sourceName(facts.source, t),
  });
  return (
    <>
      <Circle
        center={[cell.position.lat, cell.position.lon]}
        radius={radius}
        pathOptions={rangeStyle}
        interactive={false}
      />
      <div className="leaflet-bottom leaflet-left">
        <div className="leaflet-control map-legend" role="note" aria-label={t('map.legend')}>
          <span className="map-legend-swatch" aria-hidden="true" />
          {legend}
        </div>
      </div>
    </>
  );
}
