/**
 * CAMARA Device Location as it travels on the wire (DeviceLocation r3.2: location-retrieval 0.5.0 and
 * location-verification 3.0.0, Commonalities r3.3), shared by the service's consumer and its operator: the paths,
 * the scopes, the shapes and the error codes. What each side does with them lives beside it.
 */

/** Where each API lives under an operator's API root. */
export const RETRIEVE_PATH = '/location-retrieval/v0.5/retrieve';
export const VERIFY_PATH = '/location-verification/v3/verify';

/** The API scopes, one per operation (the YAML's `security` sections). */
export const RETRIEVAL_SCOPE = 'location-retrieval:read';
export const VERIFICATION_SCOPE = 'location-verification:verify';
export type DeviceLocationScope = typeof RETRIEVAL_SCOPE | typeof VERIFICATION_SCOPE;

/** CIBA's grant type (OpenID CIBA Core 1.0, section 10.1). */
export const CIBA_GRANT_TYPE = 'urn:openid:params:grant-type:ciba';

/** The `phoneNumber` pattern: E.164 with a leading "+". */
export const PHONE_NUMBER = /^\+[1-9][0-9]{4,14}$/;
/** The `x-correlator` pattern. */
export const X_CORRELATOR = /^[a-zA-Z0-9-_:;./<>{}]{0,256}$/;

/** Latitude -90..90 and longitude -180..180, in degrees. */
export interface Point {
  latitude: number;
  longitude: number;
}

export interface Circle {
  areaType: 'CIRCLE';
  center: Point;
  /** Metres, at least 1. */
  radius: number;
}

export interface Polygon {
  areaType: 'POLYGON';
  /** 3 to 15 points; the last joins the first. */
  boundary: Point[];
}

export type Area = Circle | Polygon;

export const POLYGON_MIN_POINTS = 3;
export const POLYGON_MAX_POINTS = 15;

/** The retrieval's answer (schema `Location`). */
export interface Location {
  /** RFC 3339 with a time zone. */
  lastLocationTime: string;
  area: Area;
}

export type VerificationResult = 'TRUE' | 'FALSE' | 'PARTIAL';

/** The verification's answer (schema `VerifyLocationResponse`); `matchRate` (1-99) only with PARTIAL. */
export interface Verification {
  verificationResult: VerificationResult;
  matchRate?: number;
  lastLocationTime: string;
}

/** Every error answer (schema `ErrorInfo`). */
export interface ErrorInfo {
  status: number;
  code: string;
  message: string;
}

/** The codes each API names, by status; an operator may answer others from Commonalities. */
export const ERROR_CODES = {
  400: ['INVALID_ARGUMENT', 'OUT_OF_RANGE'],
  401: ['UNAUTHENTICATED'],
  403: ['PERMISSION_DENIED', 'INVALID_TOKEN_CONTEXT'],
  404: ['IDENTIFIER_NOT_FOUND', 'NOT_FOUND'],
  422: [
    'SERVICE_NOT_APPLICABLE',
    'MISSING_IDENTIFIER',
    'UNSUPPORTED_IDENTIFIER',
    'UNNECESSARY_IDENTIFIER',
    'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_AGE',
    'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_SURFACE',
    'LOCATION_RETRIEVAL.UNABLE_TO_LOCATE',
    'LOCATION_VERIFICATION.AREA_NOT_COVERED',
    'LOCATION_VERIFICATION.INVALID_AREA',
    'LOCATION_VERIFICATION.UNABLE_TO_FULFILL_MAX_AGE',
    'LOCATION_VERIFICATION.UNABLE_TO_LOCATE',
  ],
  429: ['QUOTA_EXCEEDED', 'TOO_MANY_REQUESTS'],
} as const;

/**
 * Codes r3.2's feature files use where its YAML says otherwise (404 LOCATION_RETRIEVAL.DEVICE_NOT_FOUND for a device
 * the network cannot locate, 422 IDENTIFIER_MISMATCH): the YAML and Commonalities win, but an operator built to the
 * feature files answers these, so a consumer understands them too.
 */
export const FEATURE_FILE_CODES = ['LOCATION_RETRIEVAL.DEVICE_NOT_FOUND', 'IDENTIFIER_MISMATCH'] as const;
