import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Guard } from '../../guard/guard';
import { GEOFENCING_SCOPES } from '../../oidc/scopes';
import type { CamaraStore } from '../../store/camara-store';
import type { TokenGrant } from '../../camara/operator-bearer';
import { camaraJson, correlatorCheck, fail, problemResponse } from '../../camara/operator-errors';
import { PERMISSION_DENIED } from '../../camara/operator-retrieve';
import { jsonBody, type CamaraEnv } from '../../camara/operator-routes';
import { createSubscription } from './create';
import { endedEvent } from './cloud-event';
import { AREA_ENTERED, type GeofenceStore, type GeofenceSubscription } from './subscriptions';
import { subscriptionAnswer } from './answer';

export const GEOFENCING_PATH = '/geofencing-subscriptions/v0.5/subscriptions';
const ONE = `${GEOFENCING_PATH}/:subscriptionId`;
/** The largest valid body is a few hundred bytes and a sink token. */
const MAX_BODY_BYTES = 16 * 1024;

export interface GeofencingRoutesOptions {
  camara: CamaraStore;
  geofencing: GeofenceStore;
  /** CloudEvents' `source`: the API's root under the public URL. */
  source: () => string;
  now: () => number;
}

type Env = CamaraEnv;

const createScope = (type: string): string =>
  type === AREA_ENTERED ? GEOFENCING_SCOPES.createEntered : GEOFENCING_SCOPES.createLeft;

function needScope(grant: TokenGrant, ...scopes: string[]): void {
  if (!scopes.some((scope) => grant.scopes.has(scope))) fail(403, 'PERMISSION_DENIED', PERMISSION_DENIED);
}

/**
 * A subscription the token may see: its consumer's, made for the token's purpose, and with a three-legged token
 * its subscriber's. Any other is NOT_FOUND alike, so that no token learns of another's subscriptions.
 */
async function owned(
  options: GeofencingRoutesOptions,
  grant: TokenGrant,
  id: string,
): Promise<GeofenceSubscription> {
  const found = await options.geofencing.find(id);
  if (
    found === undefined ||
    found.clientId !== grant.clientId ||
    found.purpose !== grant.purpose ||
    (grant.msisdn !== undefined && grant.msisdn !== found.msisdn)
  ) {
    return fail(404, 'NOT_FOUND', 'The specified resource is not found.');
  }
  return found;
}

function methodNotAllowed(allow: string) {
  return (c: Context): Response => {
    const response = problemResponse(c, {
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: `The requested method is not allowed/supported on the target resource; use ${allow}.`,
    });
    response.headers.set('Allow', allow);
    return response;
  };
}

/**
 * Device Geofencing Subscriptions v0.5 on the Device Location app (camara/operator-routes.ts): create, list, read
 * and delete, each behind the one guard (the bearer token, the x-correlator), every error in CAMARA's form.
 */
export function mountGeofencing(app: Hono<Env>, guard: Guard<TokenGrant>, options: GeofencingRoutesOptions) {
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () =>
      fail(400, 'INVALID_ARGUMENT', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`),
  });
  const read = (grant: TokenGrant) => needScope(grant, GEOFENCING_SCOPES.read);
  const guarded = guard(correlatorCheck);
  app.post(GEOFENCING_PATH, guarded, limit, async (c) => {
    const grant = c.var.who;
    needScope(grant, GEOFENCING_SCOPES.createEntered, GEOFENCING_SCOPES.createLeft);
    const json = await jsonBody(c);
    const made = await createSubscription(options, grant, json, createScope);
    return camaraJson(c, 201, subscriptionAnswer(made), c.var.asked);
  });
  app.get(GEOFENCING_PATH, guarded, async (c) => {
    const grant = c.var.who;
    read(grant);
    const found = await options.geofencing.list(grant.clientId, grant.msisdn);
    const mine = found.filter((subscription) => subscription.purpose === grant.purpose);
    return camaraJson(c, 200, mine.map(subscriptionAnswer), c.var.asked);
  });
  app.get(ONE, guarded, async (c) => {
    read(c.var.who);
    const found = await owned(options, c.var.who, c.req.param('subscriptionId'));
    return camaraJson(c, 200, subscriptionAnswer(found), c.var.asked);
  });
  app.delete(ONE, guarded, async (c) => {
    needScope(c.var.who, GEOFENCING_SCOPES.delete);
    const found = await owned(options, c.var.who, c.req.param('subscriptionId'));
    const now = options.now();
    const ended = endedEvent(options.source(), found, 'SUBSCRIPTION_DELETED', now);
    await options.geofencing.end(found.id, 'SUBSCRIPTION_DELETED', [ended], now);
    const answer = c.body(null, 204, { 'Cache-Control': 'no-store' });
    if (c.var.asked !== undefined) answer.headers.set('x-correlator', c.var.asked);
    return answer;
  });
  app.all(GEOFENCING_PATH, methodNotAllowed('GET, POST'));
  app.all(ONE, methodNotAllowed('GET, DELETE'));
}
