import { isIP } from 'node:net';
import { fail } from './operator-errors';

/** The identifiers a request's `device` gave, checked against the schema (CAMARA_common.yaml, Device). */
export interface DeviceIds {
  phoneNumber?: string;
  /** The other identifiers given (schema-valid), which this operator cannot resolve. */
  others: string[];
}

export interface RetrieveRequest {
  device?: DeviceIds;
  maxAge?: number;
  maxSurface?: number;
}

export interface Circle {
  latitude: number;
  longitude: number;
  radius: number;
}

export interface VerifyRequest {
  device?: DeviceIds;
  area: Circle;
  maxAge?: number;
}

type Json = Record<string, unknown>;

const PHONE_NUMBER = /^\+[1-9][0-9]{4,14}$/;

const invalid = (message: string): never => fail(400, 'INVALID_ARGUMENT', message);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ipv4(value: unknown, field: string): void {
  if (value !== undefined && (typeof value !== 'string' || isIP(value) !== 4))
    invalid(`${field} must be an IPv4 address.`);
}

function checkIpv4Device(value: unknown): void {
  if (!isObject(value)) return invalid('device.ipv4Address must be an object.');
  ipv4(value.publicAddress, 'device.ipv4Address.publicAddress');
  ipv4(value.privateAddress, 'device.ipv4Address.privateAddress');
  const port = value.publicPort;
  if (port !== undefined && (!Number.isInteger(port) || (port as number) < 0 || (port as number) > 65535)) {
    invalid('device.ipv4Address.publicPort must be a whole number from 0 to 65535.');
  }
  if (value.publicAddress === undefined || (value.privateAddress === undefined && port === undefined)) {
    invalid('device.ipv4Address needs publicAddress, and privateAddress or publicPort.');
  }
}

/* Every identifier the schema defines is checked, though only phoneNumber is served: a malformed one is the
   client's mistake (400), a valid one this operator cannot resolve is UNSUPPORTED_IDENTIFIER (422). */
export function deviceIds(value: unknown): DeviceIds {
  if (!isObject(value)) return invalid('device must be an object.');
  const ids: DeviceIds = { others: [] };
  if (value.phoneNumber !== undefined) {
    if (typeof value.phoneNumber !== 'string' || !PHONE_NUMBER.test(value.phoneNumber)) {
      invalid('device.phoneNumber must be E.164 with a leading "+", e.g. +358401234567.');
    }
    ids.phoneNumber = value.phoneNumber as string;
  }
  if (value.networkAccessIdentifier !== undefined) {
    if (typeof value.networkAccessIdentifier !== 'string' || value.networkAccessIdentifier === '') {
      invalid('device.networkAccessIdentifier must be a non-empty string.');
    }
    ids.others.push('networkAccessIdentifier');
  }
  if (value.ipv4Address !== undefined) {
    checkIpv4Device(value.ipv4Address);
    ids.others.push('ipv4Address');
  }
  if (value.ipv6Address !== undefined) {
    if (typeof value.ipv6Address !== 'string' || isIP(value.ipv6Address) !== 6) {
      invalid('device.ipv6Address must be an IPv6 address.');
    }
    ids.others.push('ipv6Address');
  }
  if (ids.phoneNumber === undefined && ids.others.length === 0) {
    invalid(
      'device must name at least one of phoneNumber, networkAccessIdentifier, ipv4Address, ipv6Address.',
    );
  }
  return ids;
}

function wholeNumber(value: unknown, field: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    invalid(`${field} must be a whole number${min === 0 ? ' of seconds, 0 or more' : ` from ${min}`}.`);
  }
  return value as number;
}

function number(value: unknown, field: string, min: number, max: number): number {
  if (value === undefined) return invalid(`${field} is required.`);
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    invalid(`${field} must be a number from ${min} to ${max}.`);
  }
  return value as number;
}

function circle(value: unknown): Circle {
  if (value === undefined) return invalid('area is required.');
  if (!isObject(value)) return invalid('area must be an object.');
  if (value.areaType !== 'CIRCLE') invalid('area.areaType must be CIRCLE.');
  if (value.center === undefined) invalid('area.center is required.');
  if (!isObject(value.center)) return invalid('area.center must be an object.');
  return {
    latitude: number(value.center.latitude, 'area.center.latitude', -90, 90),
    longitude: number(value.center.longitude, 'area.center.longitude', -180, 180),
    radius: number(value.radius, 'area.radius', 1, Number.MAX_VALUE),
  };
}

function body(json: unknown): Json {
  if (!isObject(json)) return invalid('The request body must be a JSON object.');
  return json;
}

/** A location-retrieval request body (RetrievalLocationRequest), or a CamaraFailure naming what is wrong. */
export function parseRetrieve(json: unknown): RetrieveRequest {
  const request = body(json);
  const maxAge = wholeNumber(request.maxAge, 'maxAge', 0);
  const maxSurface = wholeNumber(request.maxSurface, 'maxSurface', 1);
  return {
    ...(request.device !== undefined && { device: deviceIds(request.device) }),
    ...(maxAge !== undefined && { maxAge }),
    ...(maxSurface !== undefined && { maxSurface }),
  };
}

/** A location-verification request body (VerifyLocationRequest), or a CamaraFailure naming what is wrong. */
export function parseVerify(json: unknown): VerifyRequest {
  const request = body(json);
  const maxAge = wholeNumber(request.maxAge, 'maxAge', 0);
  return {
    ...(request.device !== undefined && { device: deviceIds(request.device) }),
    area: circle(request.area),
    ...(maxAge !== undefined && { maxAge }),
  };
}
