import 'leaflet/dist/leaflet.css';
import './map.css';
import { MapContainer, TileLayer } from 'react-leaflet';
import type { CellFacts } from '../api/cell-facts';
import type { Cell, Location } from '../api/types';
import { useMapFocus } from '../session/session';
import { useSettings } from '../session/settings';
import { BatchLayer } from './batch-layer';
import { CellMarker } from './cell-marker';
import { CellRange } from './cell-range';
import { DeviceMarker } from './device-marker';
import { FlyTo } from './fly-to';
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
}

export const INITIAL_CENTER: [number, number] = [62, 25];
export const INITIAL_ZOOM = 5;

/** The answers as markers; the batch, this device and the view come from the session, not through here. */
export function MapView({ phone, cell, facts, trail }: MapViewProps) {
  const { settings, loaded } = useSettings();
  const initialView = useMapFocus((focus) => focus.initialView);
  return (
    <MapContainer
      center={initialView ? [initialView.lat, initialView.lon] : INITIAL_CENTER}
      zoom={initialView?.zoom ?? INITIAL_ZOOM}
      className="map"
      worldCopyJump
    >
      <WorldOutline />
      {/* Keyed so changed settings replace the layer rather than leave the old attribution text. On a
          high-density screen, a template with {r} asks the server for its @2x tiles; any other gets the next
          zoom level's tiles at half size (four tiles for one: see the README). */}
      {loaded && (
        <TileLayer
          key={`${settings.tileUrl} ${settings.tileAttribution}`}
          url={settings.tileUrl}
          attribution={settings.tileAttribution}
          detectRetina={!settings.tileUrl.includes('{r}')}
        />
      )}
      <BatchLayer />
      <Trail points={trail} />
      <DeviceMarker />
      {cell && <CellRange cell={cell} facts={facts} />}
      {cell && <CellMarker cell={cell} />}
      {phone && <PhoneMarker location={phone} />}
      <FlyTo phone={phone?.cell.position} cell={cell} />
      <ViewReport />
    </MapContainer>
  );
}
