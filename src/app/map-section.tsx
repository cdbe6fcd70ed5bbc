import { lazy, memo, Suspense } from 'react';
import { useCellAnswer } from '../features/cell/use-cell-lookup';
import { CellsInViewControl } from '../features/cells-in-view/cells-in-view-control';
import { usePhone } from '../features/location/use-location';
import { useTrail } from '../features/location/use-trail';
import { useI18n } from '../i18n/i18n';
import { useAfterPaint } from '../paint/after-paint';
import { afterFirstContentfulPaint, Later } from '../paint/later';

const MapView = memo(lazy(() => import('../map/map-view').then((m) => ({ default: m.MapView }))));
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
 * The map, loaded lazily once the first contentful paint is presented (its chunk asked for sooner shares the line
 * with the page's own script, and Lighthouse's simulation then puts the first paint later; the end of a frame on
 * the main thread is at times still before that paint's time), with the two answers on it and the cells in view
 * (their layer and their switch). The rest (batch, view, flights) it reads itself. An answer reaches the map one
 * frame after the panel shows it: markers and the flight need not hold up that frame.
 */
export function MapSection() {
  const { t } = useI18n();
  const phone = usePhone();
  const answer = useCellAnswer();
  const trail = useTrail(phone.data?.data, phone.dataUpdatedAt);
  const shownPhone = useAfterPaint(phone.data?.data);
  const cell = useAfterPaint(answer.cell);
  const facts = useAfterPaint(answer.facts);
  const shownTrail = useAfterPaint(trail);
  const loading = <div className="map map-loading">{t('app.mapLoading')}</div>;
  return (
    <section className="map-wrap" aria-label={t('app.map')}>
      <Later fallback={loading} when={afterFirstContentfulPaint}>
        <Suspense fallback={loading}>
          <MapView
            phone={shownPhone}
            cell={cell}
            facts={facts}
            trail={shownTrail}
            controls={controls}
            layers={layers}
          />
        </Suspense>
      </Later>
    </section>
  );
}
