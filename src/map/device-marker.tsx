import { Circle, CircleMarker, Tooltip } from 'react-leaflet';
import { useI18n } from '../i18n/i18n';

export interface DevicePoint {
  lat: number;
  lon: number;
  /** metres */
  accuracy: number;
}

const accuracyStyle = { color: '#7b3fa0', weight: 1, fillColor: '#7b3fa0', fillOpacity: 0.12 };
const dotStyle = { color: '#fff', weight: 2, fillColor: '#7b3fa0', fillOpacity: 1 };

/** This device's own position (Geolocation API), distinct from the cell markers, with its accuracy circle. */
export function DeviceMarker({ device }: { device: DevicePoint }) {
  const { t, formatDistance } = useI18n();
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
