import { Circle, CircleMarker, Tooltip } from 'react-leaflet';
import { useI18n } from '../i18n/i18n';
import { useDevicePosition } from '../session/session';

const accuracyStyle = { color: '#7b3fa0', weight: 1, fillColor: '#7b3fa0', fillOpacity: 0.12 };
const dotStyle = { color: '#fff', weight: 2, fillColor: '#7b3fa0', fillOpacity: 1 };

export function DeviceMarker() {
  const { t, formatDistance } = useI18n();
  const [device] = useDevicePosition();
  if (device.status !== 'ok') return null;
  const center: [number, number] = [device.lat, device.lon];
  return (
    <>
      <Circle center={center} radius={device.accuracy} pathOptions={accuracyStyle} interactive={false} />
      <CircleMarker center={center} radius={8} pathOptions={dotStyle} className="device-marker">
        <Tooltip>
          <p className="popup-title">{t('geo.marker')}</p>
          <p className="popup-meta">{t('geo.accuracy', { accuracy: formatDistance(device.accuracy) })}</p>
        </Tooltip>
      </CircleMarker>
    </>
  );
}
