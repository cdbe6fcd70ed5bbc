import { Marker, Popup } from 'react-leaflet';
import type { Cell } from '../api/types';
import { useI18n } from '../i18n/i18n';
import { cellIcon } from './marker-icons';

export function CellMarker({ cell }: { cell: Cell }) {
  const { t } = useI18n();
  const label = t('map.cell.alt', { name: cell.name });
  return (
    <Marker position={[cell.position.lat, cell.position.lon]} icon={cellIcon} alt={label} title={label}>
      <Popup>
        <p className="popup-kicker">
          {t('map.cell.kicker', { cell: `${cell.mcc}/${cell.mnc}/${cell.cellid}` })}
        </p>
        <p className="popup-title">{cell.name}</p>
        <p className="popup-meta">
          {cell.lat}, {cell.lon}
        </p>
      </Popup>
    </Marker>
  );
}
