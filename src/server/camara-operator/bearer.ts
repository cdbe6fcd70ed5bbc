import type Provider from 'oidc-provider';
import { purposeOf } from './oidc/scopes';
import type { CamaraStore } from '../store/camara-store';

/** What a valid access token lets its bearer do. */
export interface TokenGrant {
  clientId: string;
  scopes: ReadonlySet<string>;
  /** The purpose (a `dpv:` scope) the consumer declared when it asked for the token. */
  purpose: string;
  /** Three-legged: the subscriber who consented (MSISDN digits). Absent for a two-legged token. */
  msisdn?: string;
}

/* RFC 6750's b64token, and longer than any token this provider issues (43 characters) only by a margin. */
const TOKEN = /^Bearer ([A-Za-z0-9\-._~+/]{1,512}=*)$/i;

/**
 * Reads the Authorization header's bearer token through the provider's own models (so expiry and revocation are
 * the provider's): a three-legged token (CIBA) is bound to its client and to the subscriber behind its pseudonym,
 * a two-legged one (client_credentials) to its client only. Both must be meant for the Device Location API.
 */
export async function readBearer(
  provider: Provider,
  store: CamaraStore,
  apiRoot: string,
  authorization: string | undefined,
): Promise<TokenGrant | undefined> {
  const value = TOKEN.exec(authorization?.trim() ?? '')?.[1];
  if (value === undefined) return undefined;
  const token = (await provider.AccessToken.find(value)) ?? (await provider.ClientCredentials.find(value));
  if (token === undefined || token.clientId === undefined) return undefined;
  const audiences = Array.isArray(token.aud) ? token.aud : [token.aud];
  if (!audiences.includes(apiRoot)) return undefined;
  const scopes = new Set((token.scope ?? '').split(' ').filter((scope) => scope !== ''));
  const purpose = purposeOf(token.scope);
  if (purpose === undefined) return undefined;
  if (token.kind === 'ClientCredentials') return { clientId: token.clientId, scopes, purpose };
  const accountId = (token as { accountId?: string }).accountId;
  const subject = accountId === undefined ? undefined : await store.subjectOf(accountId);
  if (subject === undefined || subject.clientId !== token.clientId) return undefined;
  return { clientId: token.clientId, scopes, purpose, msisdn: subject.msisdn };
}
