import { Marker, Popup } from 'react-leaflet';
import { cellLabel } from '../api/cell-id';
import type { Cell } from '../api/types';
import { useI18n } from '../i18n/i18n';
import { cellIcon } from './marker-icons';
import { PopupBody } from './popup-body';

export function CellMarker({ cell }: { cell: Cell }) {
  const { t } = useI18n();
  const label = t('map.cell.alt', { name: cell.name });
  return (
    <Marker position={[cell.position.lat, cell.position.lon]} icon={cellIcon} alt={label} title={label}>
      <Popup>
        <PopupBody kicker={t('map.cell.kicker', { cell: cellLabel(cell) })} cell={cell} />
      </Popup>
    </Marker>
  );
}
