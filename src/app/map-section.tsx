import { lazy, memo, Suspense } from 'react';
import { CellOnMap } from '../features/cell/cell-on-map';
import { CellsInViewControl } from '../features/cells-in-view/cells-in-view-control';
import { CellsInViewOnMap } from '../features/cells-in-view/cells-in-view-on-map';
import { CamaraOnMap } from '../features/camara/camara-on-map';
import { PhoneOnMap } from '../features/location/phone-on-map';
import { useI18n } from '../i18n/i18n';
import { useSettings } from '../state/settings';
import { afterFirstContentfulPaint, Later } from '../paint/later';
import { usePageStillOnFocus } from './page-still';

const MapView = memo(lazy(() => import('../map/map-view').then((m) => ({ default: m.MapView }))));

const controls = <CellsInViewControl />;

export const MAP_ID = 'map';

/** The page's first Tab stop, shown when it has focus: past the header and the side panel, to the map. */
export function SkipToMap() {
  const { t } = useI18n();
  return (
    <a
      className="skip-link"
      href={`#${MAP_ID}`}
      onClick={(event) => {
        // Focus without a #map in the address (the address names the cell) and without a scroll.
        event.preventDefault();
        document.getElementById(MAP_ID)?.focus({ preventScroll: true });
      }}
    >
      {t('app.skipToMap')}
    </a>
  );
}

/**
 * The map, loaded lazily once the first contentful paint is presented (its chunk asked for sooner shares the line
 * with the page's own script, and Lighthouse's simulation then puts the first paint later), and the features that
 * hand it what it draws: the phone, the cell and the cells in view (the batch hands in its own from its panel).
 * Each reaches the map one frame after its panel shows it, so markers and the flight do not hold up that frame.
 */
export function MapSection() {
  const { t } = useI18n();
  const camara = useSettings().settings.locationSource === 'camara';
  const loading = <div className="map map-loading">{t('app.mapLoading')}</div>;
  const keepPageStill = usePageStillOnFocus();
  return (
    // id and tabIndex: where the skip link (SkipToMap) takes focus.
    <section id={MAP_ID} className="map-wrap" aria-label={t('app.map')} tabIndex={-1} onFocus={keepPageStill}>
      <PhoneOnMap />
      {camara && <CamaraOnMap />}
      <CellOnMap />
      <CellsInViewOnMap />
      <Later fallback={loading} when={afterFirstContentfulPaint}>
        <Suspense fallback={loading}>
          <MapView controls={controls} />
        </Suspense>
      </Later>
    </section>
  );
}
