import 'leaflet/dist/leaflet.css';
import './map.css';
import { MapContainer, TileLayer } from 'react-leaflet';
import type { Cell, Location } from '../api/types';
import { BatchLayer, type BatchCells } from './batch-layer';
import { CellMarker } from './cell-marker';
import { FlyTo, type FlyTarget } from './fly-to';
import { PhoneMarker } from './phone-marker';
import { WorldOutline } from './world-outline';

export interface MapViewProps {
  /** Undefined until the service's settings arrive, so no tile is asked of a server it did not name. */
  tiles: { url: string; attribution: string } | undefined;
  location?: Location | undefined;
  cell?: Cell | undefined;
  flyTarget?: FlyTarget | undefined;
  /** Found cells of a batch lookup, drawn on one canvas. */
  batch?: BatchCells | undefined;
}

export const INITIAL_CENTER: [number, number] = [62, 25];
export const INITIAL_ZOOM = 5;

export function MapView({ tiles, location, cell, flyTarget, batch }: MapViewProps) {
  return (
    <MapContainer center={INITIAL_CENTER} zoom={INITIAL_ZOOM} className="map" worldCopyJump>
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
      {cell && <CellMarker cell={cell} />}
      {location && <PhoneMarker location={location} />}
      <FlyTo target={flyTarget} />
    </MapContainer>
  );
}
