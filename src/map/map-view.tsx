import 'leaflet/dist/leaflet.css';
import './map.css';
import type { ReactNode } from 'react';
import { AttributionControl, MapContainer, ScaleControl, TileLayer } from 'react-leaflet';
import { useI18n } from '../i18n/i18n';
import { Later } from '../paint/later';
import { useMapFocus } from '../state/session';
import { useSettings } from '../state/settings';
import { BatchLayer } from './batch-layer';
import { CamaraLayer } from './camara-layer';
import { CellMarker } from './cell-marker';
import { CellRange, useRangeNote } from './cell-range';
import { DeviceMarker } from './device-marker';
import { FitCamara, FitWatch } from './fit-camara';
import { FlyTo } from './fly-to';
import { MapLegend } from './map-legend';
import { MapPick } from './map-pick';
import { MarkerKeys } from './marker-keys';
import { InViewLayer } from './in-view-layer';
import { PhoneMarker } from './phone-marker';
import { Trail } from './trail';
import { ViewReport } from './view-report';
import { WatchLayer } from './watch-layer';
import { WorldOutline } from './world-outline';

export interface MapViewProps {
  /** Controls shown over the map's corner, above the legend (the app hands in the features' own). */
  controls?: ReactNode;
}

export const INITIAL_CENTER: [number, number] = [62, 25];
export const INITIAL_ZOOM = 5;

/**
 * The map, drawing what the features hand the session's map focus (MapDrawing), each layer reading its own part.
 * It starts in four steps, a painted frame apart (Later): its box, the map in it (with its zoom buttons), its
 * tiles with their credit, then all else on it, so no step is one long task.
 */
export function MapView({ controls }: MapViewProps) {
  const { t } = useI18n();
  const { settings, loaded } = useSettings();
  const cell = useMapFocus((focus) => focus.cell);
  const facts = useMapFocus((focus) => focus.facts);
  const rangeNote = useRangeNote(cell && facts);
  const initialView = useMapFocus((focus) => focus.initialView);
  return (
    <>
      {/* The map's box is laid out in a task before the map is made in it: Leaflet reads its size at once. */}
      <Later fallback={<div className="map map-loading">{t('app.mapLoading')}</div>}>
        <MapContainer
          center={initialView ? [initialView.lat, initialView.lon] : INITIAL_CENTER}
          zoom={initialView?.zoom ?? INITIAL_ZOOM}
          className="map"
          worldCopyJump
          attributionControl={false}
        >
          <Later>
            {/* With the tiles, not before: credit that grew a frame after the box was painted moved it. */}
            <AttributionControl />
            {/* Keyed so changed settings replace the layer rather than leave the old attribution text. On a
              high-density screen, a template with {r} asks the server for its @2x tiles; any other gets the next
              zoom level's tiles at half size (four tiles for one: see docs/deploying.md, Settings). */}
            {loaded && (
              <TileLayer
                key={`${settings.tileUrl} ${settings.tileAttribution}`}
                url={settings.tileUrl}
                attribution={settings.tileAttribution}
                detectRetina={!settings.tileUrl.includes('{r}')}
              />
            )}
            <Later>
              <MapLayers />
            </Later>
          </Later>
        </MapContainer>
      </Later>
      <div className="map-side">
        {controls}
        <MapLegend range={rangeNote} camara={settings.locationSource === 'camara'} />
      </div>
    </>
  );
}

/** All on the map but its tiles, in the order they are drawn. */
function MapLayers() {
  const phone = useMapFocus((focus) => focus.phone);
  const cell = useMapFocus((focus) => focus.cell);
  const facts = useMapFocus((focus) => focus.facts);
  return (
    <>
      <WorldOutline />
      <BatchLayer />
      <InViewLayer />
      <Trail />
      <DeviceMarker />
      {cell && <CellRange cell={cell} facts={facts} />}
      {cell && <CellMarker cell={cell} />}
      {phone && <PhoneMarker location={phone} />}
      <WatchLayer />
      <CamaraLayer />
      <MapPick />
      <MarkerKeys />
      <FlyTo />
      <FitCamara />
      <FitWatch />
      <ViewReport />
      <ScaleControl position="bottomleft" imperial={false} />
    </>
  );
}
