import type { Cell } from '../../api/types';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import type { DevicePosition } from './device-position';
import { bearingDegrees, compassPoint, distanceMetres, type LatLon } from './geo';

const GEO_ERRORS: Record<'denied' | 'unavailable' | 'timeout' | 'unsupported', MessageKey> = {
  denied: 'geo.denied',
  unavailable: 'geo.unavailable',
  timeout: 'geo.timeout',
  unsupported: 'geo.unsupported',
};

export interface CellCompareProps {
  cell: Cell;
  /** The position of the phone's current cell (Location answer), when known. */
  phone?: LatLon | undefined;
  device: DevicePosition;
  onCompareDevice(): void;
}

/** How far the cell is from the phone's cell and from this device: cell positions are approximate. */
export function CellCompare({ cell, phone, device, onCompareDevice }: CellCompareProps) {
  const { t, formatDistance } = useI18n();
  const fromPhone = phone && {
    distance: distanceMetres(phone, cell.position),
    bearing: bearingDegrees(phone, cell.position),
  };
  return (
    <div className="compare">
      {fromPhone && (
        <dl className="facts">
          <dt>{t('compare.fromPhone')}</dt>
          <dd>
            {t('compare.value', {
              distance: formatDistance(fromPhone.distance),
              degrees: fromPhone.bearing,
              compass: t(`compass.${compassPoint(fromPhone.bearing)}`),
            })}
          </dd>
        </dl>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button secondary"
          onClick={onCompareDevice}
          disabled={device.status === 'locating'}
        >
          {t('geo.button')}
        </button>
      </div>
      <p className="status-line" role="status">
        {device.status === 'locating'
          ? t('geo.locating')
          : device.status === 'ok'
            ? t('geo.result', {
                distance: formatDistance(distanceMetres(device, cell.position)),
                accuracy: formatDistance(device.accuracy),
              })
            : ''}
      </p>
      {device.status === 'error' && (
        <p className="error-notice" role="alert">
          {t(GEO_ERRORS[device.reason])}
        </p>
      )}
    </div>
  );
}
