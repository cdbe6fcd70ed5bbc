import { fetchCapped } from './outbound';

/** The most of a client's document (its jwks_uri) the OpenID provider reads. */
export const PROVIDER_FETCH_MAX_BYTES = 256 * 1024;
/** The provider's own deadline for what it fetches (oidc-provider sets 2.5 s); kept here as well. */
export const PROVIDER_FETCH_TIMEOUT_MS = 2500;

type ProviderInit = RequestInit & { dispatcher?: unknown };

/**
 * oidc-provider's `fetch` hook (a client's jwks_uri): its outbound requests leave through the one way out, with our
 * User-Agent, a deadline, a size cap and no redirects. The provider's own SSRF guard (the `dispatcher` it hands in)
 * is kept. A failure is thrown, as a fetch's would be: the provider then refuses the client's assertion.
 */
export function providerFetch(base: typeof fetch = globalThis.fetch) {
  return async (url: URL | string | Request, init: ProviderInit = {}): Promise<Response> => {
    const href = url instanceof Request ? url.url : String(url);
    const headers = Object.fromEntries(new Headers(init.headers));
    if (headers['user-agent'] === '') delete headers['user-agent'];
    const answer = await fetchCapped({
      url: href,
      method: init.method ?? 'GET',
      headers,
      timeoutMs: PROVIDER_FETCH_TIMEOUT_MS,
      signal: init.signal ?? undefined,
      maxBytes: PROVIDER_FETCH_MAX_BYTES,
      fetch: (input, sent) => base(input, { ...sent, dispatcher: init.dispatcher } as RequestInit),
    });
    if (!answer.ok) throw new Error(`${href}: ${answer.detail}`);
    return new Response(answer.body as Uint8Array<ArrayBuffer>, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}
