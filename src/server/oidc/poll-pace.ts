import type { KoaContextWithOIDC } from 'oidc-provider';
import type { CamaraStore } from '../store/camara-store';
import { RETAIN_SECONDS } from './adapter';

type Next = () => Promise<unknown>;

/**
 * CIBA's polling pace, which oidc-provider leaves to the deployment: the authentication response names the
 * interval, and a token request still pending that comes sooner than the interval after the last one is told
 * slow_down, the interval growing by `step` for good (CIBA Core 1.0, section 11). The pace is kept in the store,
 * so polls spread over replicas count as one client's. Answers other than authorization_pending are left alone: a
 * decided request's token is never held back.
 */
export function pollPace(
  store: CamaraStore,
  { interval, step }: { interval: number; step: number },
  requestLife: number,
  cibaGrant: string,
) {
  return async (ctx: KoaContextWithOIDC, next: Next): Promise<void> => {
    await next();
    const route = ctx.oidc?.route;
    const body = ctx.body as Record<string, unknown> | undefined;
    if (
      route === 'backchannel_authentication' &&
      ctx.status === 200 &&
      typeof body?.auth_req_id === 'string'
    ) {
      ctx.body = { ...body, interval };
      return;
    }
    const id = ctx.oidc?.params?.auth_req_id;
    if (route !== 'token' || body?.error !== 'authorization_pending' || typeof id !== 'string') return;
    if (ctx.oidc.params?.grant_type !== cibaGrant) return;
    const forgetAt = Math.floor(Date.now() / 1000) + requestLife + RETAIN_SECONDS;
    const pace = await store.pacePoll(id, { now: Date.now(), interval, step, forgetAt });
    if (pace.early) {
      ctx.body = {
        error: 'slow_down',
        error_description: `polled too soon: wait at least ${pace.interval} seconds between polls`,
      };
    }
  };
}
