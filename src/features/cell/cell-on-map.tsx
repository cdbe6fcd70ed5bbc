import { useDevicePosition, useDrawOnMap } from '../../state/session';
import { useCellAnswer } from './use-cell-lookup';

/**
 * Hands the map the cell shown and what its source says beyond it, and this device's position once the person
 * asked to compare it with the cell; renders nothing.
 */
export function CellOnMap() {
  const answer = useCellAnswer();
  const [device] = useDevicePosition();
  useDrawOnMap('cell', answer.cell);
  useDrawOnMap('facts', answer.facts);
  useDrawOnMap('device', device.status === 'ok' ? device : undefined);
  return null;
}
