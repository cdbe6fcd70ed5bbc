import { Circle, CircleMarker, Tooltip } from 'react-leaflet';
import { useI18n } from '../i18n/i18n';
import { useMapFocus } from '../state/session';
import { deviceAccuracyStyle, deviceDotStyle } from './palette';

export function DeviceMarker() {
  const { t, formatDistance } = useI18n();
  const device = useMapFocus((focus) => focus.device);
  if (device === undefined) return null;
  const center: [number, number] = [device.lat, device.lon];
  return (
    <>
      <Circle
        center={center}
        radius={device.accuracy}
        pathOptions={deviceAccuracyStyle}
        interactive={false}
      />
      <CircleMarker center={center} radius={8} pathOptions={deviceDotStyle} className="device-marker">
        <Tooltip>
          <p className="popup-title">{t('geo.marker')}</p>
          <p className="popup-meta">{t('geo.accuracy', { accuracy: formatDistance(device.accuracy) })}</p>
        </Tooltip>
      </CircleMarker>
    </>
  );
}
