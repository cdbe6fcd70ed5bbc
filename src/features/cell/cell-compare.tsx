import type { ReactNode } from 'react';
import type { Cell } from '../../api/types';
import type { MessageKey } from '../../i18n/en';
import { useI18n } from '../../i18n/i18n';
import { distanceMetres, type LatLon } from '../../map/geo';
import { useDevicePosition } from '../../state/session';

const GEO_ERRORS: Record<'denied' | 'unavailable' | 'timeout' | 'unsupported', MessageKey> = {
  denied: 'geo.denied',
  unavailable: 'geo.unavailable',
  timeout: 'geo.timeout',
  unsupported: 'geo.unsupported',
};

export interface CellCompareProps {
  cell: Cell;
  fromPhone?: ((to: LatLon) => ReactNode) | undefined;
}

/** How far the cell is from the phone's cell and from this device: cell positions are approximate. */
export function CellCompare({ cell, fromPhone }: CellCompareProps) {
  const { t, formatDistance } = useI18n();
  const [device, compareDevice] = useDevicePosition();
  return (
    <div className="compare">
      {fromPhone?.(cell.position)}
      <div className="button-row">
        <button
          type="button"
          className="button secondary"
          onClick={compareDevice}
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
