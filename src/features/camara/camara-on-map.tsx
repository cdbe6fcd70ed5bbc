import { useMemo } from 'react';
import { useDrawOnMap } from '../../state/session';
import { useCamaraAnswer } from './use-camara';

/** Hands the map where the operator places the phone and the circle it was asked about; renders nothing. */
export function CamaraOnMap() {
  const located = useCamaraAnswer('locate');
  const verified = useCamaraAnswer('verify');
  const area = useMemo(
    () =>
      located?.state === 'located'
        ? { area: located.area, lastLocationTime: located.lastLocationTime }
        : undefined,
    [located],
  );
  const circle = useMemo(
    () =>
      verified?.state === 'verified'
        ? {
            ...verified.circle,
            result: verified.result,
            ...(verified.matchRate !== undefined && { matchRate: verified.matchRate }),
            lastLocationTime: verified.lastLocationTime,
          }
        : undefined,
    [verified],
  );
  useDrawOnMap('camaraArea', area);
  useDrawOnMap('camaraCircle', circle);
  return null;
}
