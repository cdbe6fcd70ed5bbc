import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type Provider from 'oidc-provider';
import { createGuard } from '../guard/guard';
import type { Limits } from '../guard/limits';
import { authorizationHeader, bearerTokens } from '../guard/token-check';
import { mountProvider, OAUTH_UNAVAILABLE } from '../oidc/mount';
import type { CamaraStore } from '../store/camara-store';
import { StoreUnavailable, UNAVAILABLE_RETRY_SECONDS } from '../store/records';
import { readBearer } from './operator-bearer';
import { camaraRefusal, UNAUTHENTICATED } from './operator-errors';
import { phoneRoutes, type PhoneOptions } from './operator-phone';
import { camaraRoutes } from './operator-routes';
import { mountGeofencing } from '../camara-operator/geofencing/routes';
import type { GeofenceStore } from '../camara-operator/geofencing/subscriptions';

export interface OperatorOptions {
  store: CamaraStore;
  /** The service's public URL (PUBLIC_URL), read when first needed: a listener on port 0 knows its port late. */
  publicUrl: () => string;
  limits: Limits;
  addressOf: (c: Context) => string;
  /** The service's security headers, for the provider's answers, which Hono does not write. */
  headers: () => Promise<Headers>;
  log: (line: string) => void;
  /** The sandbox's phone page (operator-phone.ts), when enabled: how a user key names its subscriber. */
  phone?: Pick<PhoneOptions, 'userOf'>;
  /** Device Geofencing Subscriptions (camara-operator/geofencing/), when the store keeps them. */
  geofencing?: GeofenceStore;
}

type Outgoing = { outgoing?: { statusCode: number; headersSent: boolean } } | undefined;

function outgoingStatus(c: Context): number | undefined {
  return (c.env as Outgoing)?.outgoing?.statusCode;
}

const answered = (c: Context): boolean => (c.env as Outgoing)?.outgoing?.headersSent === true;

/** The issuer and the Device Location API root under the service's public URL. */
export function operatorUrls(publicUrl: string): { issuer: string; apiRoot: string } {
  const base = publicUrl.replace(/\/+$/, '');
  return { issuer: `${base}/oidc`, apiRoot: `${base}/camara` };
}

/**
 * The service as a CAMARA operator: the OpenID provider to mount at /oidc, the Device Location routes for
 * /camara, and the provider itself (made on first use, its keys read from the store) for whoever needs it.
 */
export function createOperator(options: OperatorOptions) {
  const urls = () => operatorUrls(options.publicUrl());
  let made: Promise<Provider> | undefined;
  const provider = (): Promise<Provider> => {
    // Loaded at first use: on Node 20, oidc-provider warns when it is loaded that it wants Node 22.
    made ??= import('../oidc/provider')
      .then(({ createOidcProvider }) =>
        createOidcProvider({ store: options.store, ...urls(), limits: options.limits, log: options.log }),
      )
      .catch((error: unknown) => {
        made = undefined;
        throw error;
      });
    return made;
  };
  const mounted = mountProvider(provider, {
    prefix: '/oidc',
    issuer: () => urls().issuer,
    headers: options.headers,
  });
  const oidc = async (c: Context): Promise<Response> => {
    // The provider's endpoints count against the client's address like every route, and a failed client
    // authentication against its failures: guessing assertions runs out the guesser, not a consumer.
    const address = options.addressOf(c);
    const refused = await options.limits.admit(address);
    if (refused !== undefined) {
      return c.json({ error: 'temporarily_unavailable', error_description: refused.message }, 429, {
        'Cache-Control': 'no-store',
        'Retry-After': String(refused.retryAfterSeconds ?? 1),
      });
    }
    const answer = await mounted(c);
    if (outgoingStatus(c) === 401) await options.limits.failed(address);
    return answer;
  };
  const { phone } = options;
  return {
    provider,
    phone: phone === undefined ? undefined : phoneRoutes({ ...options, ...phone, provider }),
    /* The database away (the shared limits, the provider's keys): OAuth's own 503, or, when the provider's answer
       has gone already (a failed authentication counted after it), the log line only. */
    oidc: (c: Context): Promise<Response> =>
      oidc(c).catch((error: unknown) => {
        if (!(error instanceof StoreUnavailable)) throw error;
        const cause = String((error.cause as Error | undefined)?.message);
        options.log(`oidc: ${c.req.method} ${c.req.path}: ${error.message} (${cause})`);
        if (answered(c)) return RESPONSE_ALREADY_SENT;
        return c.json(OAUTH_UNAVAILABLE, 503, {
          'Cache-Control': 'no-store',
          'Retry-After': String(UNAVAILABLE_RETRY_SECONDS),
        });
      }),
    camara: camaraRoutes({
      store: options.store,
      guard: createGuard({
        limits: options.limits,
        addressOf: options.addressOf,
        credentials: authorizationHeader,
        judge: bearerTokens(
          async (authorization) => readBearer(await provider(), options.store, urls().apiRoot, authorization),
          options.limits,
          UNAUTHENTICATED,
        ),
        refuse: camaraRefusal,
      }),
      log: options.log,
      mount: (app, guard) => {
        const { geofencing } = options;
        if (geofencing === undefined) return;
        const source = () => `${urls().apiRoot}/geofencing-subscriptions/v0.5`;
        mountGeofencing(app, guard, { camara: options.store, geofencing, source, now: Date.now });
      },
    }),
  };
}
