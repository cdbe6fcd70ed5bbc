/**
 * The service's own read for "Locate my phone" and "Is my phone near here?" when a CAMARA Device Location operator
 * answers them (LOCATION_SOURCE=camara). The browser sees the area and the state of the subscriber's consent,
 * never the operator, a token or the operator's own answers (docs/api-notes.md).
 */

/** A point as the map draws it, in degrees. */
export interface LatLon {
  lat: number;
  lon: number;
}

/**
 * Where the network places the phone. A polygon carries its centre (the mean of its corners) and its radius: the
 * farthest corner's distance from that centre, so both shapes can be described the same way in words.
 */
export type CamaraArea =
  | { shape: 'circle'; center: LatLon; radiusM: number }
  | { shape: 'polygon'; points: LatLon[]; center: LatLon; radiusM: number };

/** Why the operator gave no area, each with its own message and next step in the app. */
export const CAMARA_FAILURES = [
  /** The subscriber said no on the phone. */
  'refused',
  /** The subscriber did not answer before the operator's request ran out. */
  'expired',
  /** The operator does not know the registered number. */
  'unknown-number',
  /** The registered number is not an international (E.164) number the operator could be asked about. */
  'number-not-international',
  /** The operator does not offer Device Location for this subscription. */
  'not-applicable',
  /** The network cannot locate the phone now (switched off, out of coverage). */
  'unable-to-locate',
  /** A fresh position was asked for and the network has none. */
  'no-fresh-fix',
  /** The network's area is larger than the service asked for. */
  'area-too-large',
  /** Verification: the operator does not cover the place asked about. */
  'area-not-covered',
  /** Verification: the operator does not accept a circle of that radius (`radius` says which way, and its limits). */
  'radius-refused',
  /** The person stopped waiting (Cancel). */
  'cancelled',
  /** The operator's answer says the service may not read this (its token lacks the permission). */
  'permission-denied',
  /** The operator does not accept the service as a client (registration, key). */
  'client-rejected',
  /** The operator does not accept the purpose or the API the service asked for. */
  'scope-rejected',
  /** The operator refused the service's request as invalid. */
  'request-rejected',
  /** The operator asks the service to slow down. */
  'operator-busy',
  /** The operator cannot be reached or failed. */
  'operator-down',
  /** The operator did not answer in time. */
  'operator-slow',
  /** The operator's answer is not what the specification says: nothing of it is shown. */
  'operator-malformed',
] as const;
export type CamaraFailure = (typeof CAMARA_FAILURES)[number];

/** What the operator was asked: where the phone is, or whether it is within a circle. */
export type CamaraQuestion = 'locate' | 'verify';

/** A question as the app asks it: where the phone is (`fresh`: a fix at most a minute old), or whether it is
 *  within `radiusM` metres of `center`. */
export type CamaraAsk =
  { kind: 'locate'; fresh: boolean } | { kind: 'verify'; center: LatLon; radiusM: number };

export type VerificationAnswer = 'TRUE' | 'FALSE' | 'PARTIAL';

/** The state of one question, as `GET /api/camara/{locate|verify}` reports it; times are ISO 8601. */
export type CamaraAnswer =
  | {
      state: 'pending';
      /** The app asks again after this many seconds. */
      checkAgainSeconds: number;
      /** When the operator's request runs out if the subscriber does not answer. */
      expiresAt: string;
      /** The operator said it asks the owner on the phone (until then it may hold a consent given before). */
      ownerAsked?: true;
      /** The last poll of the operator failed; the service keeps asking the same request until `expiresAt`. */
      operatorTrouble?: true;
    }
  | {
      state: 'located';
      area: CamaraArea;
      /** When the network last located the phone (the fix's age is measured from this). */
      lastLocationTime: string;
      /** When the service had the answer. */
      answeredAt: string;
    }
  | {
      state: 'verified';
      result: VerificationAnswer;
      /** 1-99, with PARTIAL only: how much of the network's area lies inside the circle, in percent. */
      matchRate?: number;
      /** The circle that was asked about. */
      circle: { center: LatLon; radiusM: number };
      lastLocationTime: string;
      answeredAt: string;
    }
  | {
      state: 'failed';
      reason: CamaraFailure;
      /** With operator-malformed: the field of the operator's answer that was wrong. */
      field?: string;
      /** With operator-busy: seconds the operator asked to wait. */
      retryAfterSeconds?: number;
      /** With radius-refused. */
      radius?: RadiusRefusal;
    };

/**
 * Why an operator refused a verification's radius: too small or too large, and the limits it named in its error
 * (CAMARA leaves them to the operator: the spec only says a radius is at least 1 m, and that an operator may ask
 * for a larger minimum, e.g. 1000 m). A limit the operator did not name is absent.
 */
export interface RadiusRefusal {
  way: 'small' | 'large';
  minM?: number;
  maxM?: number;
}

/** Verification radius limits the service accepts (the operator may ask for more: area-too-small). */
export const VERIFY_RADIUS_MIN_M = 1;
export const VERIFY_RADIUS_MAX_M = 1_000_000;
