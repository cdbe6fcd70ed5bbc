import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { CamaraStore } from '../../store/camara-store';
import { StoreUnavailable, UNAVAILABLE_RETRY_SECONDS } from '../../store/records';
import { storeAdapter } from './adapter';
import { approve, consentAsked } from './consent';
import { signingKeys } from './keys';
import { OAUTH_UNAVAILABLE } from './mount';
import { profileAnswers } from './profile-answers';
import { checkScope } from './scope-policy';
import { API_SCOPES, purposeOf } from './scopes';
import { providerFetch } from '../../platform/net/provider-fetch';
import { CIBA_GRANT_TYPE } from '../../../api/device-location';

/** Lifetimes, in seconds. A CIBA request lives as long as real operators' sandboxes give (about two minutes). */
export const LIFETIMES = {
  cibaRequest: 120,
  accessToken: 300,
  idToken: 300,
  /** A grant outlives the request it answers and the token issued from it. */
  grant: 900,
  clientAssertion: 300,
} as const;

/** CIBA's default poll interval and what slow_down adds to it (CIBA Core 1.0, sections 7.3 and 11). */
export const POLLING = { interval: 5, step: 5 } as const;

export interface OidcOptions {
  store: CamaraStore;
  /** The service's public URL and /oidc. */
  issuer: string;
  /** The Device Location API root (the service's public URL and /camara): the tokens' audience. */
  apiRoot: string;
  /** What one consumer may try on the backchannel: the service's limits (the command line's provider has none). */
  limits?: HintLimits;
  log?: (line: string) => void;
}

type Refusal = { message: string; retryAfterSeconds?: number } | undefined;

/** The part of the service's limits (guard/limits.ts, handed in by camara/operator.ts) the backchannel charges. */
export interface HintLimits {
  hintsHaveRoom(clientId: string): Refusal | Promise<Refusal>;
  unknownHint(clientId: string, hint: string): void | Promise<void>;
}

/* A consumer over its limit of unknown numbers: OAuth's error JSON, 429 and Retry-After (set on the answer). */
class TooManyUnknownNumbers extends errors.OIDCProviderError {
  constructor(description: string) {
    super(429, 'temporarily_unavailable');
    this.error_description = description;
  }
}

/**
 * The subscriber a login_hint names, by the pseudonym the consumer knows them by; undefined (unknown_user_id) for
 * any other hint. A consumer that has tried too many unknown numbers is refused (429) before its hint is read,
 * whatever it names, so that a sweep of a number range runs out the sweeper (guard/limits.ts).
 */
async function resolveHint(ctx: KoaContextWithOIDC, options: OidcOptions, hint: string | undefined) {
  const { store, limits } = options;
  const client = ctx.oidc.client;
  if (client === undefined) return undefined;
  const refused = await limits?.hintsHaveRoom(client.clientId);
  if (refused !== undefined) {
    ctx.set('Retry-After', String(refused.retryAfterSeconds ?? 60));
    throw new TooManyUnknownNumbers(refused.message);
  }
  const msisdn = TEL_HINT.exec(hint ?? '')?.[1];
  if (msisdn === undefined || (await store.subscriber(msisdn)) === undefined) {
    await limits?.unknownHint(client.clientId, hint ?? '');
    return undefined;
  }
  return store.subjectFor(client.clientId, msisdn);
}

/* CAMARA's login_hint for a phone number: a tel URI, E.164 with "+", no visual separators (Security and
   Interoperability Profile, "Format of login_hint"). ipport: and operatortoken: are valid CAMARA hints that this
   operator cannot resolve: like any other value they identify no subscriber (unknown_user_id). */
const TEL_HINT = /^tel:\+([1-9][0-9]{4,14})$/;

const CIBA = CIBA_GRANT_TYPE;

/* Asymmetric only: consumers hold a key pair, never a shared secret. */
const SIGNING_ALGS = ['RS256', 'PS256', 'ES256', 'ES384', 'ES512', 'Ed25519', 'EdDSA'] as const;

function cibaFeature(options: OidcOptions): NonNullable<Configuration['features']>['ciba'] {
  const { store, log } = options;
  return {
    enabled: true,
    deliveryModes: ['poll'],
    processLoginHint: (ctx: KoaContextWithOIDC, hint?: string) => resolveHint(ctx, options, hint),
    processLoginHintToken: async () => undefined,
    // The profile asks servers to ignore binding_message, user_code and requested_expiry.
    validateBindingMessage: async () => undefined,
    verifyUserCode: async () => undefined,
    async validateRequestContext(ctx: KoaContextWithOIDC) {
      // Runs before the hint is read: the profile allows login_hint, and only login_hint.
      for (const other of ['id_token_hint', 'login_hint_token'] as const) {
        if (ctx.oidc.params?.[other] !== undefined) {
          throw new errors.InvalidRequest(
            `${other} is not accepted: CAMARA clients send login_hint (tel:+E.164)`,
          );
        }
      }
    },
    async triggerAuthenticationDevice(
      ctx: KoaContextWithOIDC,
      request: InstanceType<Provider['BackchannelAuthenticationRequest']>,
      account: { accountId: string },
    ) {
      const subject = await store.subjectOf(account.accountId);
      // A subscriber who consented to this consumer, for this purpose, to these scopes before consents at once
      // (the demo subscriber to any); any other request waits for the subscriber's answer.
      if (subject !== undefined && (await store.hasConsent(consentAsked(subject.msisdn, request))))
        await approve(ctx.oidc.provider, request);
      else
        log?.(
          `oidc: a CIBA request of ${request.clientId ?? '?'} waits for the subscriber's answer (sms-reply)`,
        );
    },
  };
}

/** The scopes a token for the Device Location API may carry: the API's, and the purpose the request declared. */
function resourceServerScope(ctx: KoaContextWithOIDC): string {
  const approved = ctx.oidc.entities.BackchannelAuthenticationRequest;
  const purpose =
    approved !== undefined
      ? purposeOf(approved.scope)
      : checkScope(ctx.oidc.params?.scope as string | undefined).purpose;
  return [...API_SCOPES, ...(purpose === undefined ? [] : [purpose])].join(' ');
}

function configuration(options: OidcOptions, jwks: Configuration['jwks']): Configuration {
  const { store, apiRoot } = options;
  return {
    adapter: storeAdapter(store),
    jwks,
    clientAuthMethods: ['private_key_jwt'],
    enabledJWA: { clientAuthSigningAlgValues: SIGNING_ALGS, requestObjectSigningAlgValues: SIGNING_ALGS },
    responseTypes: ['none'],
    // Listed so discovery names them; tokens carry them as the Device Location API's (resourceIndicators).
    scopes: ['openid', ...API_SCOPES],
    clockTolerance: 5,
    clientBasedCORS: () => false,
    async findAccount(_ctx, sub) {
      const subject = await store.subjectOf(sub);
      if (subject === undefined || (await store.subscriber(subject.msisdn)) === undefined) return undefined;
      return { accountId: sub, claims: async () => ({ sub }) };
    },
    // CAMARA Security and Interoperability Profile, "Client Authentication": an assertion lives at most 300 s.
    async assertJwtClientAuthClaimsAndHeader(_ctx, claims, _header, client) {
      const now = Math.floor(Date.now() / 1000);
      const exp = Number(claims.exp);
      if (exp - now > LIFETIMES.clientAssertion + 5) {
        throw new errors.InvalidClientAuth('the client assertion must expire within 300 seconds');
      }
      if (claims.iat !== undefined && exp - Number(claims.iat) > LIFETIMES.clientAssertion) {
        throw new errors.InvalidClientAuth('the client assertion must not live longer than 300 seconds');
      }
      if (claims.sub !== client.clientId) throw new errors.InvalidClientAuth('sub must be the client_id');
    },
    // Every request the provider makes (a client's jwks_uri) leaves through platform/net, the one way out.
    fetch: providerFetch(),
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      requestObjects: { enabled: true },
      clientCredentials: { enabled: true },
      ciba: cibaFeature(options),
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => apiRoot,
        useGrantedResource: async () => true,
        async getResourceServerInfo(ctx, resource) {
          if (resource !== apiRoot) throw new errors.InvalidTarget(`the only resource is ${apiRoot}`);
          return {
            scope: resourceServerScope(ctx),
            accessTokenTTL: LIFETIMES.accessToken,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    ttl: {
      AccessToken: LIFETIMES.accessToken,
      ClientCredentials: LIFETIMES.accessToken,
      BackchannelAuthenticationRequest: LIFETIMES.cibaRequest,
      Grant: LIFETIMES.grant,
      IdToken: LIFETIMES.idToken,
      AuthorizationCode: 60,
      DeviceCode: 600,
      Interaction: 600,
      PreAuthorizedCode: 600,
      RefreshToken: LIFETIMES.grant,
      Session: 600,
    },
  };
}

/**
 * The OpenID provider of the service as a CAMARA operator (oidc-provider, configured, not written): CIBA in poll
 * mode and client_credentials, clients authenticated by private_key_jwt, opaque tokens for the Device Location
 * API, its state and keys in the store.
 */
export async function createOidcProvider(options: OidcOptions): Promise<Provider> {
  const keys = await signingKeys(options.store);
  const jwks = { keys: keys as unknown as NonNullable<Configuration['jwks']>['keys'] };
  const made = new Provider(options.issuer, configuration(options, jwks));
  // The mount (oidc/mount.ts) sets X-Forwarded-Host and -Proto from the issuer, so URLs are the public ones.
  made.proxy = true;
  made.use(
    profileAnswers(options.store, { ...POLLING, requestLife: LIFETIMES.cibaRequest, cibaGrant: CIBA }),
  );
  made.on('server_error', (ctx: KoaContextWithOIDC, error: Error) => {
    if (error instanceof StoreUnavailable) {
      // Said before the answer leaves: in OAuth's form, not the library's server_error.
      options.log?.(
        `oidc: ${ctx.method} ${ctx.path}: ${error.message} (${String((error.cause as Error | undefined)?.message)})`,
      );
      ctx.status = 503;
      ctx.body = OAUTH_UNAVAILABLE;
      ctx.set('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
      ctx.set('Cache-Control', 'no-store');
      return;
    }
    options.log?.(`oidc: error in ${ctx.method} ${ctx.path}: ${error.stack ?? error.message}`);
  });
  return made;
}
