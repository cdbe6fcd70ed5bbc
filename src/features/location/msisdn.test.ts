import { describe, expect, it } from 'vitest';
import { formatMsisdn } from './msisdn';

describe('formatMsisdn', () => {
  it('groups Finnish mobile numbers', () => {
    expect(formatMsisdn('358401234567')).toBe('+358 40 123 4567');
    expect(formatMsisdn('358501234567')).toBe('+358 50 123 4567');
  });

  it('groups the documented examples', () => {
    expect(formatMsisdn('358111111111')).toBe('+358 11 111 1111');
    expect(formatMsisdn('35811111111')).toBe('+358 11 111 111');
  });

  it('groups Helsinki landlines with a one-digit area code', () => {
    expect(formatMsisdn('35891234567')).toBe('+358 9 123 4567');
  });

  it('uses the longest known calling code', () => {
    expect(formatMsisdn('46701234567')).toBe('+46 701 234 567');
    expect(formatMsisdn('14155550123')).toBe('+1 415 555 0123');
    expect(formatMsisdn('3725123456')).toBe('+372 512 3456');
  });

  it('falls back to plain groups for an unknown code', () => {
    expect(formatMsisdn('99912345678')).toBe('+999 123 456 78');
  });

  it('leaves anything that is not plain digits as it is', () => {
    expect(formatMsisdn('+358 40')).toBe('+358 40');
    expect(formatMsisdn('')).toBe('');
  });
});
