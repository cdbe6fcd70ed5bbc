import { Marker, Popup } from 'react-leaflet';
import type { Location } from '../api/types';
import { phoneIcon } from './marker-icons';

export function PhoneMarker({ location }: { location: Location }) {
  const { cell } = location;
  return (
    <Marker
      position={[cell.position.lat, cell.position.lon]}
      icon={phoneIcon}
      alt={`Your phone: ${cell.name}`}
      title={`Your phone: ${cell.name}`}
      zIndexOffset={100}
    >
      <Popup>
        <p className="popup-kicker">Your phone is near</p>
        <p className="popup-title">{cell.name}</p>
        <p className="popup-meta">
          {cell.lat}, {cell.lon}
        </p>
      </Popup>
    </Marker>
  );
}
