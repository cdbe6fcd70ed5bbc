import { encodeLocation } from '../../api/codec';
import type { Cell, Format } from '../../api/types';
import { apiAnswer, problemAnswer, type ApiAnswer } from '../platform/http/api-answer';
import type { CellRecord, User } from '../store/records';
import { type ServiceStore } from '../store/service-store';
import { andThen, type Maybe } from '../platform/maybe';

/** A stored cell as the Location read and cells in view write it: the stored numbers. */
export function toCell(record: CellRecord): Cell {
  const lat = record.lat.toFixed(6);
  const lon = record.lon.toFixed(6);
  return {
    lat,
    lon,
    mcc: String(record.mcc),
    mnc: String(record.mnc),
    lac: String(record.lac),
    cellid: String(record.cellid),
    name: record.name,
    position: { lat: Number(lat), lon: Number(lon) },
  };
}

/** The Location read for the user the guard let through: 403 before the SMS reply, 404 with no known cell. */
export type LocationRead = (user: User, format: Format) => Maybe<ApiAnswer>;

/**
 * Each user's answer is kept per format. Kept by the User the guard's key check gave: a change to the database
 * empties the key check's map, so the next request brings a new User, and these go with the old one.
 */
export function createLocationRead(store: Pick<ServiceStore, 'getLocation'>): LocationRead {
  const kept = new WeakMap<User, Partial<Record<Format, ApiAnswer>>>();

  function answer(user: User, format: Format): Maybe<ApiAnswer> {
    if (!user.smsReplied) {
      return problemAnswer(
        {
          status: 403,
          code: 'sms-not-replied',
          message: 'Positioning is not allowed: the user has not replied to the authorization SMS.',
        },
        format,
      );
    }
    return andThen(store.getLocation(user), (location) => {
      if (location === undefined) {
        return problemAnswer(
          { status: 404, code: 'no-position', message: "The phone's current cell is not known." },
          format,
        );
      }
      const body = encodeLocation(
        {
          msisdn: location.msisdn,
          ...(location.state !== null && { state: location.state }),
          cell: toCell(location.cell),
        },
        format,
      );
      return apiAnswer(200, format, body);
    });
  }

  return (user, format) => {
    let forUser = kept.get(user);
    if (forUser === undefined) kept.set(user, (forUser = {}));
    const ready = forUser[format];
    if (ready !== undefined) return ready;
    const mine = forUser;
    return andThen(answer(user, format), (made) => (mine[format] = made));
  };
}
