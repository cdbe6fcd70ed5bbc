import 'leaflet/dist/leaflet.css';
import './map.css';
import type { ReactNode } from 'react';
import { AttributionControl, MapContainer, ScaleControl, TileLayer } from 'react-leaflet';
import type { CellFacts } from '../api/cell-facts';
import type { Cell, Location } from '../api/types';
import { useI18n } from '../i18n/i18n';
import { Later } from '../paint/later';
import { useMapFocus } from '../state/session';
import { useSettings } from '../state/settings';
import { BatchLayer } from './batch-layer';
import { CellMarker } from './cell-marker';
import { CellRange, useRangeNote } from './cell-range';
import { DeviceMarker } from './device-marker';
import { FlyTo } from './fly-to';
import { MapLegend } from './map-legend';
import { PhoneMarker } from './phone-marker';
import { Trail, type TrailPoint } from './trail';
import { ViewReport } from './view-report';
import { WorldOutline } from './world-outline';

export interface MapViewProps {
  phone: Location | undefined;
  /** The cell shown: the looked-up answer, or one from the history. */
  cell: Cell | undefined;
  /** What the cell's source says beyond it: the range or accuracy circle. */
  facts?: CellFacts | undefined;
  trail: readonly TrailPoint[];
  /** Controls shown over the map's corner, above the legend (the app hands in the features' own). */
  controls?: ReactNode;
  /** Layers of the features' own, drawn inside the map above the batch's cells. */
  layers?: ReactNode;
}

export const INITIAL_CENTER: [number, number] = [62, 25];
export const INITIAL_ZOOM = 5;

/**
 * The answers as markers; the batch, this device and the view come from the session, not through here. The map
 * starts in four steps, a painted frame apart (paint/later.tsx): its box, the map in it (with its zoom buttons),
 * its tiles with their credit, then all else on it; at once they were one task of 50-110 ms on a fast machine.
 */
export function MapView({ phone, cell, facts, trail, controls, layers }: MapViewProps) {
  const { t } = useI18n();
  const { settings, loaded } = useSettings();
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
              <MapLayers phone={phone} cell={cell} facts={facts} trail={trail} layers={layers} />
            </Later>
          </Later>
        </MapContainer>
      </Later>
      <div className="map-side">
        {controls}
        <MapLegend range={rangeNote} />
      </div>
    </>
  );
}

/** All on the map but its tiles, in the order they are drawn. */
function MapLayers({ phone, cell, facts, trail, layers }: Omit<MapViewProps, 'controls'>) {
  return (
    <>
      <WorldOutline />
      <BatchLayer />
      {layers}
      <Trail points={trail} />
      <DeviceMarker />
      {cell && <CellRange cell={cell} facts={facts} />}
      {cell && <CellMarker cell={cell} />}
      {phone && <PhoneMarker location={phone} />}
      <FlyTo phone={phone?.cell.position} cell={cell} />
      <ViewReport />
      <ScaleControl position="bottomleft" imperial={false} />
    </>
  );
}
