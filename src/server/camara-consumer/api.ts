import { randomUUID } from 'node:crypto';
import type { LatLon } from '../../api/camara';
import {
  readLocation,
  readVerification,
  type AnswerContext,
  type LocatedAnswer,
  type VerifiedAnswer,
} from './answers';
import {
  apiFailure,
  malformedAnswer,
  radiusRefusal,
  transportFailure,
  type ConsumerFailure,
  type TokenRejected,
} from './failures';
import type { OperatorHttp, OperatorReply } from './http';
import { RETRIEVE_PATH, VERIFY_PATH } from '../../api/device-location';

/** The operator's Device Location API. */
export interface DeviceLocationApi {
  http: OperatorHttp;
  /** CAMARA_API_ROOT, without a trailing "/". */
  apiRoot: string;
}

export type ApiOutcome<T> = { ok: true; value: T } | { ok: false; failure: ConsumerFailure } | TokenRejected;

export interface RetrieveAsk {
  phoneNumber: string;
  /** Seconds; sent when the person asks for a fresh fix (0: computed now). */
  maxAge?: number;
}

export interface VerifyAsk extends RetrieveAsk {
  center: LatLon;
  radiusM: number;
}

type Answered = Extract<OperatorReply, { ok: true }>;

async function call(
  api: DeviceLocationApi,
  path: string,
  accessToken: string,
  body: Record<string, unknown>,
): Promise<{ reply: OperatorReply; correlator: string }> {
  const correlator = randomUUID();
  const reply = await api.http({
    method: 'POST',
    url: `${api.apiRoot}${path}`,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'x-correlator': correlator,
    },
    body: JSON.stringify(body),
  });
  return { reply, correlator };
}

/**
 * What every answer is checked for before its body is read: a success is 200 in JSON, and an echoed x-correlator
 * is the one sent (another one means the answer belongs to another request).
 */
function checkAnswer(reply: Answered, correlator: string, what: string): ApiOutcome<Answered> {
  const echoed = reply.headers['x-correlator'];
  if (echoed !== undefined && echoed !== correlator) {
    return { ok: false, failure: malformedAnswer('x-correlator', 'not the one the request carried') };
  }
  if (reply.status !== 200) {
    const failed = apiFailure(reply, what);
    return 'tokenRejected' in failed ? failed : { ok: false, failure: failed };
  }
  if (reply.contentType !== 'application/json' && !reply.contentType.endsWith('+json')) {
    return {
      ok: false,
      failure: malformedAnswer('Content-Type', `${reply.contentType || 'none'}, not JSON`),
    };
  }
  return { ok: true, value: reply };
}

/** POST {root}/location-retrieval/v0.5/retrieve, with no `device` (the three-legged token names the phone). */
export async function retrieveLocation(
  api: DeviceLocationApi,
  accessToken: string,
  ask: RetrieveAsk,
  now: () => number,
): Promise<ApiOutcome<LocatedAnswer>> {
  const { reply, correlator } = await call(
    api,
    RETRIEVE_PATH,
    accessToken,
    ask.maxAge === undefined ? {} : { maxAge: ask.maxAge },
  );
  if (!reply.ok) return { ok: false, failure: transportFailure(reply, 'retrieve') };
  const checked = checkAnswer(reply, correlator, 'retrieve');
  if (!checked.ok) return checked;
  const context: AnswerContext = { now: now(), phoneNumber: ask.phoneNumber, maxAge: ask.maxAge };
  const read = readLocation(reply.text, context);
  return read.ok ? read : { ok: false, failure: read.failure };
}

/** POST {root}/location-verification/v3/verify: is the phone within the circle? */
export async function verifyLocation(
  api: DeviceLocationApi,
  accessToken: string,
  ask: VerifyAsk,
  now: () => number,
): Promise<ApiOutcome<VerifiedAnswer>> {
  const area = {
    areaType: 'CIRCLE',
    center: { latitude: ask.center.lat, longitude: ask.center.lon },
    radius: ask.radiusM,
  };
  const { reply, correlator } = await call(api, VERIFY_PATH, accessToken, {
    area,
    ...(ask.maxAge !== undefined && { maxAge: ask.maxAge }),
  });
  if (!reply.ok) return { ok: false, failure: transportFailure(reply, 'verify') };
  const checked = checkAnswer(reply, correlator, 'verify');
  if (!checked.ok && 'failure' in checked && checked.failure.reason === 'radius-refused') {
    return { ok: false, failure: { ...checked.failure, radius: radiusRefusal(reply.text, ask.radiusM) } };
  }
  if (!checked.ok) return checked;
  const context: AnswerContext = { now: now(), phoneNumber: ask.phoneNumber, maxAge: ask.maxAge };
  const read = readVerification(reply.text, context);
  return read.ok ? read : { ok: false, failure: read.failure };
}
