import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';

/* Proxy amplification: each request to the service must not become an unbounded number of requests to the
   operator. */
const XSD = '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>';

function operator() {
  const asked: string[] = [];
  const held: Array<() => void> = [];
  const fetch = (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input);
    asked.push(url);
    const answer = url.includes('/schema/')
      ? new Response(XSD, { headers: { 'Content-Type': 'application/xml' } })
      : new Response('<cell/>', { headers: { 'Content-Type': 'application/xml' } });
    if (url.includes('hold')) return new Promise((done) => held.push(() => done(answer)));
    return Promise.resolve(answer);
  };
  return { asked, held, fetch };
}

const proxy = (op: ReturnType<typeof operator>, maxInFlight?: number) =>
  createApp({
    upstream: {
      baseUrl: 'http://operator.invalid/rest',
      schemaUrl: 'http://operator.invalid/schema',
      timeoutMs: 5000,
      fetch: op.fetch,
      ...(maxInFlight !== undefined && { maxInFlight }),
    },
    staticDir: null,
  });

describe('proxy mode', () => {
  it('asks the operator for its schema once, however many ask at once or after', async () => {
    const op = operator();
    const app = proxy(op);
    const first = await Promise.all(Array.from({ length: 5 }, () => app.request('/api/schema/Location')));
    const later = await app.request('/api/schema/Location');
    for (const res of [...first, later]) {
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(XSD);
    }
    expect(op.asked).toEqual(['http://operator.invalid/schema/Location']);
  });

  it('caps the requests in flight to the operator: 503 with Retry-After beyond it', async () => {
    const op = operator();
    const app = proxy(op, 2);
    const read = () =>
      app.request('/api/location?serviceKey=s&userKey=hold', { headers: { Accept: 'application/json' } });
    const pending = [read(), read()];
    await expect.poll(() => op.held.length).toBe(2);
    const refused = await read();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('upstream-busy');
    expect(op.asked).toHaveLength(2);
    for (const release of op.held.splice(0)) release();
    expect((await Promise.all(pending)).map((res) => res.status)).toEqual([200, 200]);
    const after = read();
    await expect.poll(() => op.held.length).toBe(1);
    op.held.splice(0).forEach((release) => release());
    expect((await after).status).toBe(200);
  });
});
