import { describe, expect, it } from 'vitest';
import { fresh, freshUntil, storable, STORED_AT_HEADER, usableWhenOffline } from './freshness';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const headers = (init: Record<string, string>) => new Headers(init);

describe('tile freshness, as the tile server’s caching headers say', () => {
  it('counts max-age from when the tile was stored', () => {
    expect(freshUntil(headers({ 'Cache-Control': 'public, max-age=86400' }), NOW)).toBe(NOW + 86_400_000);
    expect(freshUntil(headers({ 'Cache-Control': 'max-age="60", stale-while-revalidate=10' }), NOW)).toBe(
      NOW + 60_000,
    );
  });

  it('takes Expires when there is no max-age, and max-age over Expires when both are there', () => {
    const expires = 'Tue, 24 Nov 2026 12:00:00 GMT';
    expect(freshUntil(headers({ Expires: expires }), NOW)).toBe(Date.parse(expires));
    expect(freshUntil(headers({ Expires: expires, 'Cache-Control': 'max-age=10' }), NOW)).toBe(NOW + 10_000);
  });

  it('keeps nothing the server says not to keep, or gives no lifetime for', () => {
    for (const control of ['no-store', 'no-cache', 'public, no-cache, max-age=600', 'max-age=0']) {
      expect(freshUntil(headers({ 'Cache-Control': control }), NOW), control).toBeLessThanOrEqual(NOW);
    }
    expect(freshUntil(headers({}), NOW)).toBe(0);
    expect(freshUntil(headers({ Expires: 'never' }), NOW)).toBe(0);
    expect(freshUntil(headers({ 'Cache-Control': 's-maxage=600' }), NOW)).toBe(0);
  });

  it('stores a whole image the server lets us keep, and uses it only while it is fresh', () => {
    const tile = new Response('png', { status: 200, headers: { 'Cache-Control': 'max-age=3600' } });
    expect(storable(tile, NOW)).toBe(true);
    expect(
      storable(new Response('png', { status: 404, headers: { 'Cache-Control': 'max-age=3600' } }), NOW),
    ).toBe(false);
    expect(storable(new Response('png', { status: 200 }), NOW)).toBe(false);
    const kept = new Response('png', {
      headers: { 'Cache-Control': 'max-age=3600', [STORED_AT_HEADER]: String(NOW) },
    });
    expect(fresh(kept, NOW + 3_599_000)).toBe(true);
    expect(fresh(kept, NOW + 3_600_000)).toBe(false);
    expect(fresh(new Response('png', { headers: { 'Cache-Control': 'max-age=3600' } }), NOW)).toBe(false);
  });

  it('lets a stale tile stand in without a connection only when the server did not say must-revalidate', () => {
    const stale = (control: string) =>
      new Response('png', { headers: { 'Cache-Control': control, [STORED_AT_HEADER]: String(NOW) } });
    expect(usableWhenOffline(stale('max-age=3600'))).toBe(true);
    expect(usableWhenOffline(stale('public, max-age=3600, stale-if-error=60'))).toBe(true);
    expect(usableWhenOffline(stale('max-age=3600, must-revalidate'))).toBe(false);
    expect(usableWhenOffline(stale('Proxy-Revalidate, max-age=3600'))).toBe(false);
  });
});
