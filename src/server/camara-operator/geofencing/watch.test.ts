import { describe, expect, it } from 'vitest';
import { subscription } from '../../testing/geofence-store-suite';
import { AREA_ENTERED, AREA_LEFT } from './subscriptions';
import { advanceFor, endsByTime, firstEvents, insideOf, TOKEN_EXPIRY_MARGIN_MS } from './watch';

const SOURCE = 'https://operator.example/camara/geofencing-subscriptions/v0.5';
const NOW = 1_800_000_000_000;
const centre = { lat: 60.1689, lon: 24.9317, since: NOW };
/* About 1999 m and 2001 m north of the centre (a degree of latitude is 111,195 m). */
const justInside = { ...centre, lat: 60.1689 + 1999 / 111_195 };
const justOutside = { ...centre, lat: 60.1689 + 2001 / 111_195 };
const started = { id: 'started', body: '{}' };
const typeOf = (body: string): unknown => (JSON.parse(body) as { type: unknown }).type;

describe('watching a subscription', () => {
  it('places the phone inside within the radius of the centre, and nowhere when it is not located', () => {
    const circle = subscription();
    expect(insideOf(circle, justInside)).toBe(true);
    expect(insideOf(circle, justOutside)).toBe(false);
    expect(insideOf(circle, undefined)).toBeUndefined();
  });

  it('sends the subscribed event on a crossing only, learns a first state silently, keeps the last when lost', () => {
    const left = subscription({ type: AREA_LEFT, inside: true });
    const change = advanceFor(SOURCE, left, justOutside, NOW);
    expect(change).toMatchObject({ from: true, to: false, counted: 1 });
    expect(change?.events.map((event) => typeOf(event.body))).toEqual([AREA_LEFT]);
    expect(advanceFor(SOURCE, left, justInside, NOW)).toBeUndefined();
    expect(advanceFor(SOURCE, left, undefined, NOW)).toBeUndefined();
    expect(advanceFor(SOURCE, { ...left, inside: false }, justInside, NOW)).toEqual({
      from: false,
      to: true,
      events: [],
      counted: 0,
    });
    expect(advanceFor(SOURCE, { ...left, inside: undefined }, justOutside, NOW)).toMatchObject({
      events: [],
    });
  });

  it('ends with the last allowed event: MAX_EVENTS_REACHED', () => {
    const last = subscription({ type: AREA_ENTERED, inside: false, maxEvents: 3, eventsSent: 2 });
    const change = advanceFor(SOURCE, last, justInside, NOW);
    expect(change?.end).toBe('MAX_EVENTS_REACHED');
    expect(change?.events.map((event) => typeOf(event.body))).toEqual([
      AREA_ENTERED,
      'org.camaraproject.geofencing-subscriptions.v0.subscription-ended',
    ]);
  });

  it('sends an initial event only when asked and the phone is already where the type reports', () => {
    const entered = subscription({ type: AREA_ENTERED, initialEvent: true, inside: undefined });
    expect(firstEvents(SOURCE, entered, justInside, NOW, started)).toMatchObject({
      inside: true,
      counted: 1,
    });
    expect(firstEvents(SOURCE, entered, justOutside, NOW, started)).toEqual({
      inside: false,
      events: [started],
      counted: 0,
    });
    expect(firstEvents(SOURCE, { ...entered, initialEvent: false }, justInside, NOW, started).counted).toBe(
      0,
    );
    expect(firstEvents(SOURCE, { ...entered, maxEvents: 1 }, justInside, NOW, started).end).toBe(
      'MAX_EVENTS_REACHED',
    );
  });

  it('ends by its expire time, and a minute before its sink token expires', () => {
    expect(endsByTime(subscription({ expiresAt: NOW }), NOW)).toBe('SUBSCRIPTION_EXPIRED');
    expect(endsByTime(subscription({ expiresAt: NOW + 1 }), NOW)).toBeUndefined();
    const expiring = subscription({ sinkTokenExpiresAt: NOW + TOKEN_EXPIRY_MARGIN_MS });
    expect(endsByTime(expiring, NOW)).toBe('ACCESS_TOKEN_EXPIRED');
    expect(endsByTime(expiring, NOW - 1)).toBeUndefined();
  });
});
