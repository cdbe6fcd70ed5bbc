import { fail } from '../../camara/operator-errors';
import { deviceIds, type DeviceIds } from '../../camara/operator-request-body';
import { sinkProblem } from './sink';
import { AREA_EVENT_TYPES, type AreaEventType, type CircleArea, type SinkToken } from './subscriptions';

/** A createGeofencingSubscription body (HTTPSubscriptionRequest), checked against the YAML's schema. */
export interface CreateRequest {
  sink: string;
  sinkToken?: SinkToken;
  /** Valid event types, at least one (more than one: MULTIEVENT_SUBSCRIPTION_NOT_SUPPORTED, the route's). */
  types: AreaEventType[];
  device?: DeviceIds;
  area: CircleArea;
  expiresAt?: number;
  maxEvents?: number;
  initialEvent?: boolean;
}

type Json = Record<string, unknown>;

const invalid = (message: string): never => fail(400, 'INVALID_ARGUMENT', message);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: unknown, field: string): Json {
  if (value === undefined) return invalid(`${field} is required.`);
  if (!isObject(value)) return invalid(`${field} must be an object.`);
  return value;
}

/* RFC 3339 with its time zone, as the YAML's date-times must be. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

function dateTime(value: unknown, field: string, now: number): number {
  const at = typeof value === 'string' && DATE_TIME.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(at)) invalid(`${field} must be an RFC 3339 date-time with a time zone.`);
  if (at <= now) invalid(`${field} is in the past.`);
  return at;
}

function number(value: unknown, field: string, min: number, max: number): number {
  if (value === undefined) return invalid(`${field} is required.`);
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    invalid(`${field} must be a number from ${min} to ${max}.`);
  }
  return value as number;
}

function circle(value: unknown): CircleArea {
  const area = object(value, 'config.subscriptionDetail.area');
  if (area.areaType !== 'CIRCLE') invalid('config.subscriptionDetail.area.areaType must be CIRCLE.');
  const center = object(area.center, 'config.subscriptionDetail.area.center');
  return {
    latitude: number(center.latitude, 'config.subscriptionDetail.area.center.latitude', -90, 90),
    longitude: number(center.longitude, 'config.subscriptionDetail.area.center.longitude', -180, 180),
    radius: number(area.radius, 'config.subscriptionDetail.area.radius', 1, Number.MAX_VALUE),
  };
}

/* A token goes into an Authorization header as it is: printable ASCII, and not longer than a header allows. */
const TOKEN = /^[\x21-\x7e]{1,4096}$/;

/** sinkCredential: ACCESSTOKEN of type bearer only (INVALID_CREDENTIAL, INVALID_TOKEN), with its expiry. */
function sinkToken(value: unknown, now: number): SinkToken | undefined {
  if (value === undefined) return undefined;
  const credential = object(value, 'sinkCredential');
  if (typeof credential.credentialType !== 'string') invalid('sinkCredential.credentialType is required.');
  if (credential.credentialType !== 'ACCESSTOKEN') {
    fail(400, 'INVALID_CREDENTIAL', 'Only Access token is supported (credentialType ACCESSTOKEN).');
  }
  if (credential.accessTokenType !== 'bearer') fail(400, 'INVALID_TOKEN', 'Only bearer token is supported.');
  if (typeof credential.accessToken !== 'string' || !TOKEN.test(credential.accessToken)) {
    invalid('sinkCredential.accessToken must be 1 to 4096 printable ASCII characters.');
  }
  return {
    token: credential.accessToken as string,
    expiresAt: dateTime(credential.accessTokenExpiresUtc, 'sinkCredential.accessTokenExpiresUtc', now),
  };
}

function types(value: unknown): AreaEventType[] {
  if (!Array.isArray(value) || value.length === 0)
    return invalid('types must be an array of one event type.');
  for (const type of value) {
    if (!AREA_EVENT_TYPES.includes(type as AreaEventType)) {
      invalid(`types may hold only ${AREA_EVENT_TYPES.join(' or ')}.`);
    }
  }
  return [...new Set(value as AreaEventType[])];
}

function protocolAndSink(request: Json): string {
  if (request.protocol === undefined) invalid('protocol is required.');
  if (typeof request.protocol !== 'string') invalid('protocol must be a string.');
  if (request.protocol !== 'HTTP') fail(400, 'INVALID_PROTOCOL', 'Only HTTP is supported.');
  if (request.sink === undefined) invalid('sink is required.');
  const problem = typeof request.sink === 'string' ? sinkProblem(request.sink) : 'sink must be a string.';
  if (problem !== undefined)
    fail(400, 'INVALID_SINK', `sink not valid for the specified protocol: ${problem}`);
  return request.sink as string;
}

function config(value: unknown, now: number): Omit<CreateRequest, 'sink' | 'types' | 'sinkToken'> {
  const given = object(value, 'config');
  const detail = object(given.subscriptionDetail, 'config.subscriptionDetail');
  const { subscriptionExpireTime: expire, subscriptionMaxEvents: max, initialEvent } = given;
  if (max !== undefined && (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 1)) {
    invalid('config.subscriptionMaxEvents must be a whole number from 1.');
  }
  if (initialEvent !== undefined && typeof initialEvent !== 'boolean') {
    invalid('config.initialEvent must be true or false.');
  }
  return {
    ...(detail.device !== undefined && { device: deviceIds(detail.device) }),
    area: circle(detail.area),
    ...(expire !== undefined && { expiresAt: dateTime(expire, 'config.subscriptionExpireTime', now) }),
    ...(max !== undefined && { maxEvents: max as number }),
    ...(initialEvent !== undefined && { initialEvent: initialEvent as boolean }),
  };
}

/** The request body, or a CamaraFailure (400) naming what is wrong. */
export function parseCreate(json: unknown, now: number): CreateRequest {
  if (!isObject(json)) return invalid('The request body must be a JSON object.');
  const sink = protocolAndSink(json);
  const token = sinkToken(json.sinkCredential, now);
  return {
    sink,
    ...(token !== undefined && { sinkToken: token }),
    types: types(json.types),
    ...config(json.config, now),
  };
}
