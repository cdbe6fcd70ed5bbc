import { randomUUID } from 'node:crypto';
import type { DeviceLocationApi } from '../api';
import { radiusRefusal, transportFailure } from '../failures';
import type { OperatorReply } from '../http';
import { jsonObject } from '../../platform/net/json-object';
import { SUBSCRIPTIONS_PATH, TYPE_OF, type WatchEndReason, type WatchKind } from './geofencing';

/** What the service asks the operator to watch: a circle, arrive or leave, delivered to its sink until `expiresAt`. */
export interface SubscriptionAsk {
  kind: WatchKind;
  lat: number;
  lon: number;
  radiusM: number;
  /** The sink on this service (POST /api/camara/sink). */
  sink: string;
  /** The sink bearer for this subscription alone. */
  sinkToken: string;
  /** Unix milliseconds: the subscription and its sink bearer end then. */
  expiresAt: number;
}

/** The operator's answer to a subscription, or why there is none. */
export type Subscribed =
  | { ok: true; subscriptionId: string; state: 'active' | 'subscribing' }
  | { ok: false; tokenRejected: true; detail: string }
  /** `unknown`: no answer came (a timeout): the operator may have made it all the same. */
  | { ok: false; reason: WatchEndReason; detail: string; limits?: string; unknown?: true };

type Answered = Extract<OperatorReply, { ok: true }>;

const ID = /^[\x21-\x7e]{1,256}$/;

function headers(accessToken: string, correlator: string, body: boolean): Record<string, string> {
  return {
    Authorization: `Bearer ${accessToken}`,
    Accept: 'application/json',
    'x-correlator': correlator,
    ...(body && { 'Content-Type': 'application/json' }),
  };
}

/** The request body (the YAML's HTTPSubscriptionRequest), with no `device`: the three-legged token names the phone. */
export function subscriptionRequest(ask: SubscriptionAsk): Record<string, unknown> {
  const expires = new Date(ask.expiresAt).toISOString();
  return {
    protocol: 'HTTP',
    sink: ask.sink,
    sinkCredential: {
      credentialType: 'ACCESSTOKEN',
      accessToken: ask.sinkToken,
      accessTokenExpiresUtc: expires,
      accessTokenType: 'bearer',
    },
    types: [TYPE_OF[ask.kind]],
    config: {
      subscriptionDetail: {
        area: { areaType: 'CIRCLE', center: { latitude: ask.lat, longitude: ask.lon }, radius: ask.radiusM },
      },
      subscriptionExpireTime: expires,
      // The person is told of a change, not of where the phone already is ("left" would be untrue).
      initialEvent: false,
    },
  };
}

/* The refusals a person can act on, by the YAML's codes; anything else is the operator's refusal. */
const REFUSALS: Readonly<Record<string, WatchEndReason>> = {
  'GEOFENCING_SUBSCRIPTIONS.INVALID_AREA': 'area-too-small',
  'GEOFENCING_SUBSCRIPTIONS.AREA_NOT_COVERED': 'area-not-covered',
};

function refusal(reply: Answered, radiusM: number): Subscribed {
  const code = jsonObject(reply.text)?.code;
  const named = typeof code === 'string' ? code.slice(0, 100) : 'no code';
  const detail = `subscribe: HTTP ${reply.status} ${named}`;
  if (reply.status === 401) return { ok: false, tokenRejected: true, detail };
  const reason = (typeof code === 'string' ? REFUSALS[code] : undefined) ?? 'operator-refused';
  if (reason === 'area-too-small') {
    const limits = radiusRefusal(reply.text, radiusM);
    return { ok: false, reason, detail, limits: JSON.stringify({ minM: limits.minM, maxM: limits.maxM }) };
  }
  return { ok: false, reason: reply.status >= 500 ? 'operator-down' : reason, detail };
}

/** POST {root}/geofencing-subscriptions/v0.5/subscriptions: 201 (active) or 202 (being made), with its id. */
export async function createSubscription(
  api: DeviceLocationApi,
  accessToken: string,
  ask: SubscriptionAsk,
): Promise<Subscribed> {
  const correlator = randomUUID();
  const reply = await api.http({
    method: 'POST',
    url: `${api.apiRoot}${SUBSCRIPTIONS_PATH}`,
    headers: headers(accessToken, correlator, true),
    body: JSON.stringify(subscriptionRequest(ask)),
  });
  if (!reply.ok) {
    const failure = transportFailure(reply, 'subscribe');
    return { ok: false, reason: 'operator-down', detail: failure.detail, unknown: true };
  }
  if (reply.status !== 201 && reply.status !== 202) return refusal(reply, ask.radiusM);
  const id = jsonObject(reply.text)?.id;
  if (typeof id !== 'string' || !ID.test(id)) {
    return {
      ok: false,
      reason: 'operator-refused',
      detail: 'subscribe: the answer names no subscription id',
    };
  }
  return { ok: true, subscriptionId: id, state: reply.status === 201 ? 'active' : 'subscribing' };
}

/**
 * GET {root}/geofencing-subscriptions/v0.5/subscriptions: the id of the subscription with this sink, if the
 * operator holds one. Used after a subscription whose answer never came: the operator may have made it.
 */
export async function findSubscription(
  api: DeviceLocationApi,
  accessToken: string,
  sink: string,
  type: string,
): Promise<string | undefined> {
  const reply = await api.http({
    method: 'GET',
    url: `${api.apiRoot}${SUBSCRIPTIONS_PATH}`,
    headers: headers(accessToken, randomUUID(), false),
  });
  if (!reply.ok || reply.status !== 200) return undefined;
  let list: unknown;
  try {
    list = JSON.parse(reply.text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(list)) return undefined;
  const found = list.find((item: unknown) => {
    const sub = item as { sink?: unknown; types?: unknown; id?: unknown } | null;
    return (
      sub?.sink === sink && Array.isArray(sub.types) && sub.types[0] === type && typeof sub.id === 'string'
    );
  }) as { id: string } | undefined;
  return found !== undefined && ID.test(found.id) ? found.id : undefined;
}

/** DELETE {root}/geofencing-subscriptions/v0.5/subscriptions/{id}: true when it is gone (204, 202, or 404). */
export async function deleteSubscription(
  api: DeviceLocationApi,
  accessToken: string,
  subscriptionId: string,
): Promise<{ ok: boolean; detail: string }> {
  const reply = await api.http({
    method: 'DELETE',
    url: `${api.apiRoot}${SUBSCRIPTIONS_PATH}/${encodeURIComponent(subscriptionId)}`,
    headers: headers(accessToken, randomUUID(), false),
  });
  if (!reply.ok) return { ok: false, detail: `unsubscribe: ${reply.failure} (${reply.detail})` };
  const gone = reply.status === 204 || reply.status === 202 || reply.status === 404;
  return { ok: gone, detail: `unsubscribe: HTTP ${reply.status}` };
}
