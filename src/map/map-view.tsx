import 'leaflet/dist/leaflet.css';
import './map.css';
import { MapContainer, TileLayer } from 'react-leaflet';
import type { Cell, Location } from '../api/types';
import { CellMarker } from './cell-marker';
import { FlyTo, type FlyTarget } from './fly-to';
import { PhoneMarker } from './phone-marker';
import { WorldOutline } from './world-outline';

export interface MapViewProps {
  tileUrl: string;
  tileAttribution: string;
  location?: Location | undefined;
  cell?: Cell | undefined;
  flyTarget?: FlyTarget | undefined;
}

export const INITIAL_CENTER: [number, number] = [62, 25];
export const INITIAL_ZOOM = 5;

export function MapView({ tileUrl, tileAttribution, location, cell, flyTarget }: MapViewProps) {
  return (
    <MapContainer center={INITIAL_CENTER} zoom={INITIAL_ZOOM} className="map" worldCopyJump>
      <WorldOutline />
      {/* Keyed so a changed attribution (settings arriving) replaces the layer rather than leaving the old text. */}
      <TileLayer key={`${tileUrl} ${tileAttribution}`} url={tileUrl} attribution={tileAttribution} />
      {cell && <CellMarker cell={cell} />}
      {location && <PhoneMarker location={location} />}
      <FlyTo target={flyTarget} />
    </MapContainer>
  );
}
