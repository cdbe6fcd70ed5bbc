import { describe, expect, it } from 'vitest';
import { providerFetch } from './provider-fetch';

describe("oidc-provider's fetch hook", () => {
  it('leaves through the one way out: our User-Agent, the provider’s dispatcher kept, the answer as a Response', async () => {
    const seen: Array<{ url: string; init: RequestInit & { dispatcher?: unknown } }> = [];
    const base = (async (url: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(url), init: init ?? {} });
      return new Response('{"keys":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const dispatcher = { ssrf: true };
    const answer = await providerFetch(base)('https://client.example/jwks', {
      headers: { 'user-agent': '' },
      dispatcher,
    } as RequestInit);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ keys: [] });
    expect(seen[0]?.url).toBe('https://client.example/jwks');
    expect(new Headers(seen[0]?.init.headers).get('user-agent')).toMatch(/^Cellpos\//);
    expect(seen[0]?.init.dispatcher).toBe(dispatcher);
  });

  it('throws, as a fetch would, on a redirect or an answer over the size cap', async () => {
    const redirect = (async () =>
      new Response(null, {
        status: 302,
        headers: { location: 'https://elsewhere.example/' },
      })) as typeof fetch;
    await expect(providerFetch(redirect)('https://client.example/jwks')).rejects.toThrow(/client\.example/);
    const large = (async () => new Response('x'.repeat(300 * 1024))) as typeof fetch;
    await expect(providerFetch(large)('https://client.example/jwks')).rejects.toThrow(/larger/);
  });
});
