import { describe, expect, it } from 'vitest';
import { camaraAskPath } from '../../api/camara-codec';
import { FORM_RADIUS_LIMITS, learnedLimits, radiusMetres } from './camara-verify';
import { checkAgainMs } from './use-camara';

describe('checkAgainMs', () => {
  const pending = { state: 'pending', checkAgainSeconds: 5, expiresAt: '2026-05-04T09:02:00Z' } as const;
  const now = Date.parse('2026-05-04T09:00:00Z');

  it('asks again at the service’s pace while the owner decides', () => {
    expect(checkAgainMs(pending, now)).toBe(5000);
  });

  it('stops once there is an answer, or half a minute after the request ran out', () => {
    expect(checkAgainMs(undefined, now)).toBe(false);
    expect(checkAgainMs({ state: 'failed', reason: 'refused' }, now)).toBe(false);
    expect(checkAgainMs(pending, Date.parse('2026-05-04T09:02:30Z'))).toBe(5000);
    expect(checkAgainMs(pending, Date.parse('2026-05-04T09:02:31Z'))).toBe(false);
  });
});

describe('radiusMetres', () => {
  it.each([
    ['2', 2000],
    ['0,5', 500],
    [' 1.25 ', 1250],
    ['1000', 1_000_000],
  ])('%s km is %i m', (text, metres) => expect(radiusMetres(text)).toBe(metres));

  it.each(['', '0', '0.05', '1001', '-1', '1e3', 'two', '1..2'])('refuses %o', (text) =>
    expect(radiusMetres(text)).toBeUndefined(),
  );
});

describe('learnedLimits', () => {
  it('narrows the form’s limits to those the operator named, and is the same object when it names nothing new', () => {
    const learned = learnedLimits(FORM_RADIUS_LIMITS, { way: 'large', minM: 1000, maxM: 200_000 });
    expect(learned).toEqual({ minM: 1000, maxM: 200_000 });
    expect(radiusMetres('201', learned)).toBeUndefined();
    expect(radiusMetres('0.5', learned)).toBeUndefined();
    expect(radiusMetres('200', learned)).toBe(200_000);
    expect(learnedLimits(learned, { way: 'small' })).toBe(learned);
    expect(learnedLimits(learned, undefined)).toBe(learned);
  });
});

describe('camaraAskPath', () => {
  it('asks a fresh fix, or a circle with six decimals and whole metres', () => {
    expect(camaraAskPath({ kind: 'locate', fresh: false })).toBe('/camara/locate');
    expect(camaraAskPath({ kind: 'locate', fresh: true })).toBe('/camara/locate?fresh=true');
    expect(camaraAskPath({ kind: 'verify', center: { lat: 60.1699123, lon: -24.9 }, radiusM: 2000.4 })).toBe(
      '/camara/verify?lat=60.169912&lon=-24.900000&radius=2000',
    );
  });
});
