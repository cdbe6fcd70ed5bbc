import { useDrawOnMap, useUser } from '../../state/session';
import { usePhone } from './use-location';
import { useTrail } from './use-trail';

/** Hands the map the phone's answer and the cells it was seen in before; renders nothing. */
export function PhoneOnMap() {
  const phone = usePhone();
  const location = phone.data?.data;
  useDrawOnMap('phone', location);
  useDrawOnMap('trail', useTrail(location, phone.dataUpdatedAt, useUser()));
  return null;
}
