import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckedFields, PlainHeaders } from './plain-headers';
import { PlainResponse } from './plain-response';

/* Names in several cases, Set-Cookie (kept apart by the standard), and a few that are not tokens. */
const name = fc.constantFrom(
  'Vary',
  'vary',
  'VARY',
  'Content-Length',
  'x-a',
  'Set-Cookie',
  'set-cookie',
  'bad name',
  'bad:name',
  '',
);
/* Values with whitespace at their ends (trimmed), and the three characters the standard refuses. */
const value = fc.constantFrom('a', ' b ', '\tc\t', 'd, e', '', 'x\r\ny', 'nul\0', 'line\nbreak', '\u00e9');

type Op = { kind: 'set' | 'append' | 'delete' | 'get' | 'has'; name: string; value: string };
const op = fc.record({
  kind: fc.constantFrom('set', 'append', 'delete', 'get', 'has') as fc.Arbitrary<Op['kind']>,
  name,
  value,
});

/** What one call did: its result, or the kind of error it threw. */
function outcome(headers: Headers, { kind, name: n, value: v }: Op): unknown {
  try {
    if (kind === 'set') return headers.set(n, v);
    if (kind === 'append') return headers.append(n, v);
    if (kind === 'delete') return headers.delete(n);
    if (kind === 'get') return headers.get(n);
    return headers.has(n);
  } catch (error) {
    return (error as Error).constructor.name;
  }
}

describe('PlainHeaders', () => {
  it('answers and refuses as the standard Headers does, for any sequence of calls', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const standard = new Headers();
        const plain = new PlainHeaders();
        for (const step of ops) expect(outcome(plain, step)).toEqual(outcome(standard, step));
        expect([...plain]).toEqual([...standard]);
        expect(plain.getSetCookie()).toEqual(standard.getSetCookie());
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a name or value the standard refuses when made from a record', () => {
    expect(() => new PlainHeaders({ 'X-Ok': 'a\r\nInjected: yes' })).toThrow(TypeError);
    expect(() => new PlainHeaders({ 'X Bad': 'a' })).toThrow(TypeError);
  });

  it('is taken as a Headers by the standard Headers and Response, and by instanceof', () => {
    const plain = new PlainHeaders({ 'Content-Type': 'text/plain', Vary: 'Accept' });
    plain.append('Set-Cookie', 'a=1');
    plain.append('Set-Cookie', 'b=2');
    expect(plain).toBeInstanceOf(Headers);
    const copied = new Headers(plain);
    expect([...copied]).toEqual([...plain]);
    expect(new Response(null, { headers: plain }).headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('gives node its fields in the order first set, each Set-Cookie on its own', () => {
    const plain = new PlainHeaders({ 'Content-Type': 'text/plain', Vary: 'Accept' });
    plain.set('vary', 'Accept, Accept-Encoding');
    plain.set('Cache-Control', 'no-store');
    plain.append('Set-Cookie', 'a=1');
    plain.append('Set-Cookie', 'b=2');
    expect(plain.toNode()).toEqual([
      'content-type',
      'text/plain',
      'vary',
      'Accept, Accept-Encoding',
      'cache-control',
      'no-store',
      'set-cookie',
      'a=1',
      'set-cookie',
      'b=2',
    ]);
  });
});

describe('CheckedFields', () => {
  it('are checked when made, as Headers checks them, and set alike on PlainHeaders and the standard Headers', () => {
    expect(() => new CheckedFields({ 'X-Ok': 'a\nInjected: yes' })).toThrow(TypeError);
    expect(() => new CheckedFields({ 'X Bad': 'a' })).toThrow(TypeError);
    expect(() => new CheckedFields({ 'Set-Cookie': 'a=1' })).toThrow(TypeError);
    const fields = new CheckedFields({ 'X-Frame-Options': ' DENY ', Vary: 'Origin' });
    const plain = new PlainHeaders({ vary: 'Accept', 'Content-Type': 'text/plain' });
    const standard = new Headers({ vary: 'Accept', 'Content-Type': 'text/plain' });
    fields.setOn(plain);
    fields.setOn(standard);
    expect([...plain]).toEqual([...standard]);
    expect(plain.get('x-frame-options')).toBe('DENY');
    expect(plain.get('vary')).toBe('Origin');
  });
});

describe('PlainResponse', () => {
  it('reads as a standard Response would: status, headers, body as text, JSON, bytes or a stream', async () => {
    const made = () => new PlainResponse('{"a":"é"}', 404, { 'Content-Type': 'application/json' });
    const answer = made();
    expect(answer).toBeInstanceOf(Response);
    expect([answer.status, answer.ok, answer.statusText, answer.bodyUsed]).toEqual([404, false, '', false]);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(await answer.json()).toEqual({ a: 'é' });
    expect(answer.bodyUsed).toBe(true);
    expect(new TextDecoder().decode(await made().bytes())).toBe('{"a":"é"}');
    expect(await new Response(made().body).text()).toBe('{"a":"é"}');
  });

  it('becomes a standard Response with the headers it has by then (as Hono makes one for HEAD)', async () => {
    const answer = new PlainResponse('body', 200, { 'Content-Type': 'text/plain' });
    answer.headers.set('X-Later', 'yes');
    const head = new Response(null, answer);
    expect(head.status).toBe(200);
    expect(head.headers.get('x-later')).toBe('yes');
    expect(await head.text()).toBe('');
    const clone = answer.clone();
    expect(await clone.text()).toBe('body');
    expect(clone.headers.get('x-later')).toBe('yes');
  });
});
