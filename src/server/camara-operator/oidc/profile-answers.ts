import type { KoaContextWithOIDC } from 'oidc-provider';
import type { CamaraStore } from '../../store/camara-store';
import { RETAIN_SECONDS } from './adapter';

type Next = () => Promise<unknown>;
type Body = Record<string, unknown> | undefined;

export interface Pace {
  interval: number;
  step: number;
  /** Seconds a CIBA request lives. */
  requestLife: number;
  cibaGrant: string;
}

/**
 * CIBA's polling pace, which oidc-provider leaves to the deployment: the authentication response names the
 * interval, and a token request still pending that comes sooner than the interval after the last one is told
 * slow_down, the interval growing by `step` for good (CIBA Core 1.0, section 11). The pace is kept in the store,
 * so polls spread over replicas count as one client's. A decided request's token is never held back.
 */
async function pace(ctx: KoaContextWithOIDC, store: CamaraStore, options: Pace): Promise<void> {
  const body = ctx.body as Body;
  if (
    ctx.oidc.route === 'backchannel_authentication' &&
    ctx.status === 200 &&
    typeof body?.auth_req_id === 'string'
  ) {
    ctx.body = { ...body, interval: options.interval };
    return;
  }
  const id = ctx.oidc.params?.auth_req_id;
  if (ctx.oidc.route !== 'token' || body?.error !== 'authorization_pending' || typeof id !== 'string') return;
  if (ctx.oidc.params?.grant_type !== options.cibaGrant) return;
  const forgetAt = Math.floor(Date.now() / 1000) + options.requestLife + RETAIN_SECONDS;
  const { early, interval } = await store.pacePoll(id, {
    now: Date.now(),
    interval: options.interval,
    step: options.step,
    forgetAt,
  });
  if (early) {
    ctx.body = {
      error: 'slow_down',
      error_description: `polled too soon: wait at least ${interval} seconds between polls`,
    };
  }
}

/**
 * Two of the profile's error codes (Appendix A, as RFC 6749 section 5.2 has them) where oidc-provider answers
 * invalid_request: a client that authenticated but may not use the grant type is unauthorized_client, and a
 * request with no client authentication at all is invalid_client (401).
 */
function profileErrors(ctx: KoaContextWithOIDC): void {
  const body = ctx.body as Body;
  const { client, params } = ctx.oidc;
  if (body?.error !== 'invalid_request' || params === undefined) return;
  const grantType = params.grant_type;
  if (
    ctx.oidc.route === 'token' &&
    client !== undefined &&
    typeof grantType === 'string' &&
    !client.grantTypeAllowed(grantType)
  ) {
    ctx.body = {
      error: 'unauthorized_client',
      error_description: `this client may not use the grant type ${grantType}`,
    };
  } else if (
    client === undefined &&
    params.client_id === undefined &&
    params.client_assertion === undefined
  ) {
    ctx.status = 401;
    ctx.body = {
      error: 'invalid_client',
      error_description: 'no client authentication: send a private_key_jwt client_assertion',
    };
  }
}

/* What oidc-provider's discovery always names and this provider does not serve: the authorization endpoint and its
   parameters (CIBA and client_credentials use none; RFC 8414 section 2 leaves it out then). */
const NOT_SERVED = [
  'authorization_endpoint',
  'response_modes_supported',
  'code_challenge_methods_supported',
  'authorization_response_iss_parameter_supported',
];

/** The discovery document says only what is served: no authorization endpoint, no CIBA user_code. */
function discoveryAnswer(ctx: KoaContextWithOIDC): void {
  const body = ctx.body as Body;
  if (ctx.oidc.route !== 'discovery' || body === undefined) return;
  const served = Object.fromEntries(Object.entries(body).filter(([name]) => !NOT_SERVED.includes(name)));
  // The CIBA options accept user_code and ignore it (provider.ts verifyUserCode), as the profile asks.
  ctx.body = { ...served, backchannel_user_code_parameter_supported: false };
}

/** The provider's answers where the CAMARA profile asks more than oidc-provider does by itself (a Koa middleware). */
export function profileAnswers(store: CamaraStore, options: Pace) {
  return async (ctx: KoaContextWithOIDC, next: Next): Promise<void> => {
    await next();
    if (ctx.oidc === undefined) return;
    await pace(ctx, store, options);
    profileErrors(ctx);
    discoveryAnswer(ctx);
  };
}
