import { Marker, Popup } from 'react-leaflet';
import type { Location } from '../api/types';
import { useI18n } from '../i18n/i18n';
import { phoneIcon } from './marker-icons';
import { PopupBody } from './popup-body';

export function PhoneMarker({ location }: { location: Location }) {
  const { t } = useI18n();
  const { cell } = location;
  const label = t('map.phone.alt', { name: cell.name });
  return (
    <Marker
      position={[cell.position.lat, cell.position.lon]}
      icon={phoneIcon}
      alt={label}
      title={label}
      zIndexOffset={100}
    >
      <Popup>
        <PopupBody kicker={t('map.phone.kicker')} cell={cell} />
      </Popup>
    </Marker>
  );
}
