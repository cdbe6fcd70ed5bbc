import 'leaflet/dist/leaflet.css';
import './map.css';
import { MapContainer, TileLayer } from 'react-leaflet';
import type { Cell, Location } from '../api/types';
import { BatchLayer, type BatchCells } from './batch-layer';
import { CellMarker } from './cell-marker';
import { FlyTo, type FlyTarget } from './fly-to';
import { DeviceMarker, type DevicePoint } from './device-marker';
import { PhoneMarker } from './phone-marker';
import { Trail, type TrailPoint } from './trail';
import { ViewReport, type ViewState } from './view-report';
import { WorldOutline } from './world-outline';

export interface MapViewProps {
  /** Undefined until the service's settings arrive, so no tile is asked of a server it did not name. */
  tiles: { url: string; attribution: string } | undefined;
  location?: Location | undefined;
  cell?: Cell | undefined;
  flyTarget?: FlyTarget | undefined;
  /** Found cells of a batch lookup, drawn on one canvas. */
  batch?: BatchCells | undefined;
  /** This device's own position (Geolocation API), when the person asked to compare. */
  device?: DevicePoint | undefined;
  /** The phone's successive cells this session. */
  trail?: readonly TrailPoint[];
  /** Where the map first looks, e.g. from a shared link's view. */
  initialView?: ViewState | undefined;
  onViewChange?: ((view: ViewState) => void) | undefined;
}

export const INITIAL_CENTER: [number, number] = [62, 25];
export const INITIAL_ZOOM = 5;

export function MapView(props: MapViewProps) {
  const { tiles, location, cell, flyTarget, batch, device, trail, initialView, onViewChange } = props;
  return (
    <MapContainer
      center={initialView ? [initialView.lat, initialView.lon] : INITIAL_CENTER}
      zoom={initialView?.zoom ?? INITIAL_ZOOM}
      className="map"
      worldCopyJump
    >
      <WorldOutline />
      {/* Keyed so changed settings replace the layer rather than leave the old attribution text. */}
      {tiles && (
        <TileLayer
          key={`${tiles.url} ${tiles.attribution}`}
          url={tiles.url}
          attribution={tiles.attribution}
        />
      )}
      {batch && batch.count > 0 && <BatchLayer batch={batch} />}
      {trail && <Trail points={trail} />}
      {device && <DeviceMarker device={device} />}
      {cell && <CellMarker cell={cell} />}
      {location && <PhoneMarker location={location} />}
      <FlyTo target={flyTarget} />
      {onViewChange && <ViewReport onChange={onViewChange} />}
    </MapContainer>
  );
}
