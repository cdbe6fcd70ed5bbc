import { errors, type Provider } from 'oidc-provider';
import type { CamaraStore } from '../store/camara-store';

type Request = InstanceType<Provider['BackchannelAuthenticationRequest']>;

/* RFC 8176: the subscriber confirmed by SMS (the document's authorization SMS). */
const AMR = ['sms'];

const seconds = (): number => Math.floor(Date.now() / 1000);

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

/**
 * The subscriber answered the authorization SMS: every pending CIBA request for them is approved, or refused
 * (access_denied), and a refusal also withdraws the grants and tokens issued before. Returns how many requests
 * were answered.
 */
export async function answerPending(
  provider: Provider,
  store: CamaraStore,
  msisdn: string,
  consent: boolean,
): Promise<number> {
  let answered = 0;
  for (const id of await store.pendingRequests(msisdn, seconds())) {
    const request = await provider.BackchannelAuthenticationRequest.find(id);
    if (request === undefined) continue;
    if (consent) await approve(provider, request);
    else await provider.backchannelResult(request, new errors.AccessDenied());
    answered++;
  }
  if (!consent) await store.revokeSubscriber(msisdn);
  return answered;
}
