import { jsonObject } from '../platform/net/json-object';
import { clientAuthentication } from './assertion';
import type { OperatorEndpoints } from './discovery';
import {
  malformedAnswer,
  oauthErrorOf,
  oauthFailure,
  transportFailure,
  type ConsumerFailure,
} from './failures';
import type { OperatorHttp, OperatorReply } from './http';
import type { ClientKey } from './key';
import { CIBA_GRANT_TYPE } from '../../api/device-location';

/** What every request to the operator's OpenID endpoints needs. */
export interface OAuthClient {
  http: OperatorHttp;
  key: ClientKey;
  clientId: string;
  endpoints: OperatorEndpoints;
}

/** CIBA Core 7.3: the interval a client uses when the operator names none. */
export const DEFAULT_INTERVAL_SECONDS = 5;
/** CIBA Core 11: slow_down adds (at least) this much to the interval, for that poll and every later one. */
export const SLOW_DOWN_SECONDS = 5;
/**
 * The longest the service waits for one consent, whatever `expires_in` the operator names: CAMARA's examples give
 * 120 s (ICM, CAMARA-ICM-examples.md), and a person with the phone at hand needs no more than a few minutes. An
 * operator's 86400 would otherwise hold the user's question (and their Locate) for a day.
 */
export const MAX_CONSENT_WAIT_SECONDS = 600;
/** The longest interval between polls, however often slow_down comes: growth stops here (a bounded wait). */
export const MAX_INTERVAL_SECONDS = 60;

/** An authentication request the operator accepted: it now asks the subscriber. */
export interface ConsentRequest {
  authReqId: string;
  expiresInSeconds: number;
  intervalSeconds: number;
}

export type ConsentAsked = { ok: true; request: ConsentRequest } | { ok: false; failure: ConsumerFailure };

/** A token the operator issued for one subscriber and scope. */
export interface IssuedToken {
  accessToken: string;
  /** Absent when the operator does not say. */
  expiresInSeconds: number | undefined;
}

export type PollOutcome =
  | { kind: 'token'; token: IssuedToken }
  | { kind: 'pending' }
  | { kind: 'slow-down' }
  /** `transient`: the operator failed or was busy for this poll; the request itself may still be answered. */
  | { kind: 'failed'; failure: ConsumerFailure; transient: boolean };

/* Printable ASCII without spaces: what identifiers and tokens consist of (RFC 6749 A.12 and RFC 6750 2.1). */
const OPAQUE = /^[\x21-\x7e]{1,4096}$/;

async function post(
  client: OAuthClient,
  endpoint: string,
  fields: Record<string, string>,
  nowSeconds: number,
): Promise<OperatorReply> {
  const auth = await clientAuthentication(
    client.key,
    client.endpoints.alg,
    client.clientId,
    endpoint,
    nowSeconds,
  );
  return client.http({
    method: 'POST',
    url: endpoint,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ ...fields, ...auth }).toString(),
  });
}

function wholeSeconds(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : undefined;
}

/** Reads the acknowledgement strictly (CIBA Core 7.3), its wait and interval held to the service's bounds. */
export function readAcknowledgement(text: string): ConsentAsked {
  const body = jsonObject(text);
  if (body === undefined) return { ok: false, failure: malformedAnswer('body', 'not a JSON object') };
  const id = body.auth_req_id;
  if (typeof id !== 'string' || !OPAQUE.test(id)) {
    return { ok: false, failure: malformedAnswer('auth_req_id', 'missing or not an identifier') };
  }
  const expiresIn = wholeSeconds(body.expires_in, 1, 86_400);
  if (expiresIn === undefined) {
    return { ok: false, failure: malformedAnswer('expires_in', 'missing or not a whole number of seconds') };
  }
  const interval =
    body.interval === undefined ? DEFAULT_INTERVAL_SECONDS : wholeSeconds(body.interval, 1, 3600);
  if (interval === undefined) {
    return { ok: false, failure: malformedAnswer('interval', 'not a whole number of seconds from 1') };
  }
  return {
    ok: true,
    request: {
      authReqId: id,
      expiresInSeconds: Math.min(expiresIn, MAX_CONSENT_WAIT_SECONDS),
      intervalSeconds: Math.min(interval, MAX_INTERVAL_SECONDS),
    },
  };
}

/**
 * The authentication request: the subscriber is named by `login_hint=tel:+<E.164>` and nothing else (ICM), the
 * scope is `openid`, one purpose and the API's scope.
 */
export async function askConsent(
  client: OAuthClient,
  phoneNumber: string,
  scope: string,
  nowSeconds: number,
): Promise<ConsentAsked> {
  const endpoint = client.endpoints.backchannelEndpoint;
  const reply = await post(client, endpoint, { scope, login_hint: `tel:${phoneNumber}` }, nowSeconds);
  if (!reply.ok) return { ok: false, failure: transportFailure(reply, 'bc-authorize') };
  if (reply.status !== 200) return { ok: false, failure: oauthFailure(reply, 'bc-authorize') };
  return readAcknowledgement(reply.text);
}

/** Reads a token answer strictly: a Bearer token (the client sent no DPoP proof) carrying the API's scope. */
export function readTokenAnswer(text: string, apiScope: string): PollOutcome {
  const failed = (failure: ConsumerFailure): PollOutcome => ({ kind: 'failed', failure, transient: false });
  const body = jsonObject(text);
  if (body === undefined) return failed(malformedAnswer('body', 'not a JSON object'));
  if (typeof body.access_token !== 'string' || !OPAQUE.test(body.access_token)) {
    return failed(malformedAnswer('access_token', 'missing or not a token'));
  }
  if (typeof body.token_type !== 'string' || body.token_type.toLowerCase() !== 'bearer') {
    return failed(malformedAnswer('token_type', 'not Bearer'));
  }
  const expiresIn = body.expires_in === undefined ? undefined : wholeSeconds(body.expires_in, 1, 31_536_000);
  if (body.expires_in !== undefined && expiresIn === undefined) {
    return failed(malformedAnswer('expires_in', 'not a whole number of seconds'));
  }
  if (body.scope !== undefined) {
    if (typeof body.scope !== 'string') return failed(malformedAnswer('scope', 'not a string'));
    if (!body.scope.split(' ').includes(apiScope)) {
      return failed({ reason: 'scope-rejected', detail: `token: the operator granted "${body.scope}"` });
    }
  }
  return { kind: 'token', token: { accessToken: body.access_token, expiresInSeconds: expiresIn } };
}

/** One poll of the token endpoint (CIBA Core 10.1 and 11). */
export async function pollToken(
  client: OAuthClient,
  authReqId: string,
  apiScope: string,
  nowSeconds: number,
): Promise<PollOutcome> {
  const reply = await post(
    client,
    client.endpoints.tokenEndpoint,
    { grant_type: CIBA_GRANT_TYPE, auth_req_id: authReqId },
    nowSeconds,
  );
  if (!reply.ok) return { kind: 'failed', failure: transportFailure(reply, 'token'), transient: true };
  if (reply.status === 200) return readTokenAnswer(reply.text, apiScope);
  const error = oauthErrorOf(reply);
  // CIBA answers both with 400; an operator that picks another 4xx still means "keep waiting".
  const clientError = reply.status >= 400 && reply.status < 500;
  if (clientError && error === 'authorization_pending') return { kind: 'pending' };
  if (clientError && error === 'slow_down') return { kind: 'slow-down' };
  const failure = oauthFailure(reply, 'token');
  return {
    kind: 'failed',
    failure,
    transient: failure.reason === 'operator-down' || failure.reason === 'operator-busy',
  };
}
