import { Marker, Popup } from 'react-leaflet';
import type { Cell } from '../api/types';
import { cellIcon } from './marker-icons';

export function CellMarker({ cell }: { cell: Cell }) {
  return (
    <Marker
      position={[cell.position.lat, cell.position.lon]}
      icon={cellIcon}
      alt={`Cell: ${cell.name}`}
      title={`Cell: ${cell.name}`}
    >
      <Popup>
        <p className="popup-kicker">
          Cell {cell.mcc}/{cell.mnc}/{cell.cellid}
        </p>
        <p className="popup-title">{cell.name}</p>
        <p className="popup-meta">
          {cell.lat}, {cell.lon}
        </p>
      </Popup>
    </Marker>
  );
}
