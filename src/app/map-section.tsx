import { lazy, Suspense } from 'react';
import { useCellAnswer } from '../features/cell/use-cell-lookup';
import { CellsInViewControl } from '../features/cells-in-view/cells-in-view-control';
import { usePhone } from '../features/location/use-location';
import { useTrail } from '../features/location/use-trail';
import { useI18n } from '../i18n/i18n';

const MapView = lazy(() => import('../map/map-view').then((m) => ({ default: m.MapView })));
const CellsInViewLayer = lazy(() =>
  import('../features/cells-in-view/cells-in-view-layer').then((m) => ({ default: m.CellsInViewLayer })),
);

const layers = (
  <Suspense fallback={null}>
    <CellsInViewLayer />
  </Suspense>
);
const controls = <CellsInViewControl />;

/**
 * The map, loaded lazily, with the two answers on it and the cells in view (their layer and their switch). The rest
 * (batch, view, flights) it reads itself.
 */
export function MapSection() {
  const { t } = useI18n();
  const phone = usePhone();
  const { cell, facts } = useCellAnswer();
  const trail = useTrail(phone.data?.data, phone.dataUpdatedAt);
  return (
    <section className="map-wrap" aria-label={t('app.map')}>
      <Suspense fallback={<div className="map map-loading">{t('app.mapLoading')}</div>}>
        <MapView
          phone={phone.data?.data}
          cell={cell}
          facts={facts}
          trail={trail}
          controls={controls}
          layers={layers}
        />
      </Suspense>
    </section>
  );
}
