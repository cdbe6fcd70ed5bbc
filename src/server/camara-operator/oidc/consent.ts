import { errors, type Provider } from 'oidc-provider';
import type { CamaraStore, Consent } from '../../store/camara-store';
import { checkScope } from './scope-policy';

type Request = InstanceType<Provider['BackchannelAuthenticationRequest']>;

/* RFC 8176: the subscriber confirmed by SMS (the document's authorization SMS). */
const AMR = ['sms'];

const seconds = (): number => Math.floor(Date.now() / 1000);

/** A CIBA request that waits for the subscriber's answer: who asks, for what purpose, for which data, since when. */
export interface WaitingRequest {
  id: string;
  clientId: string;
  purpose: string;
  /** The Device Location scopes asked for. */
  scopes: readonly string[];
  /** Unix seconds. */
  askedAt: number;
  request: Request;
}

/** What a CIBA request asks the subscriber to consent to: its consumer, its purpose and its API scopes. */
export function consentAsked(msisdn: string, request: Request): Consent {
  const { purpose, apiScopes } = checkScope(request.scope);
  return { msisdn, clientId: request.clientId ?? '', purpose, scopes: apiScopes };
}

/** Approves a CIBA request: a grant of what it asked for, then the result its polling client is told. */
export async function approve(provider: Provider, request: Request): Promise<void> {
  const { clientId, accountId, scope = '', resource } = request;
  if (clientId === undefined || accountId === undefined)
    throw new Error('a CIBA request without client or account');
  const grant = new provider.Grant({ clientId, accountId });
  const scopes = scope.split(' ');
  if (scopes.includes('openid')) grant.addOIDCScope('openid');
  if (typeof resource === 'string') {
    grant.addResourceScope(
      resource,
      scopes.filter((value) => value !== 'openid' && value !== 'offline_access').join(' '),
    );
  }
  await grant.save();
  await provider.backchannelResult(request, grant, { amr: AMR, authTime: seconds() });
}

/** The subscriber's CIBA requests waiting for an answer, oldest first; of one consumer when `clientId` is given. */
export async function waitingRequests(
  provider: Provider,
  store: CamaraStore,
  msisdn: string,
  clientId?: string,
): Promise<WaitingRequest[]> {
  const waiting: WaitingRequest[] = [];
  for (const id of await store.pendingRequests(msisdn, seconds())) {
    const request = await provider.BackchannelAuthenticationRequest.find(id);
    if (request?.clientId === undefined || (clientId !== undefined && request.clientId !== clientId))
      continue;
    const { purpose, scopes } = consentAsked(msisdn, request);
    waiting.push({ id, clientId: request.clientId, purpose, scopes, askedAt: request.iat ?? 0, request });
  }
  return waiting;
}

/**
 * The subscriber answers waiting requests. Yes: each consent is recorded (its consumer, purpose and scopes: later
 * requests for no more than that consent at once) and the request approved. No: each is refused (access_denied),
 * and every consumer refused loses what it was given before, its consents and its tokens for the subscriber.
 * Returns how many requests were answered.
 */
export async function answerRequests(
  provider: Provider,
  store: CamaraStore,
  msisdn: string,
  requests: readonly WaitingRequest[],
  consent: boolean,
): Promise<number> {
  for (const { request } of requests) {
    if (consent) {
      await store.recordConsent(consentAsked(msisdn, request), Date.now());
      await approve(provider, request);
    } else {
      await provider.backchannelResult(request, new errors.AccessDenied());
    }
  }
  if (!consent) {
    for (const clientId of new Set(requests.map((waiting) => waiting.clientId))) {
      await store.withdrawConsent(msisdn, clientId);
    }
  }
  return requests.length;
}
