import { describe, expect, it } from 'vitest';
import { cellLabel, checkCellId, MAX_CELLID, typedDigits } from './cell-id';
import { keyFingerprint } from './keys';

describe('naming a cell', () => {
  it('reads mcc/mnc/cellid as given: mnc 05 stays 05', () => {
    expect(cellLabel({ mcc: '244', mnc: '05', cellid: '10038' })).toBe('244/05/10038');
  });
});

describe('checking a cell id', () => {
  it('keeps the text as typed: mnc 05 stays 05', () => {
    expect(checkCellId({ mcc: '244', mnc: '05', cellid: '0' }, { mode: 'form' })).toEqual({
      ok: true,
      value: { mcc: '244', mnc: '05', cellid: '0' },
    });
  });

  it('names each wrong field', () => {
    const check = checkCellId({ mcc: '24', mnc: '1234', cellid: '12a' }, { mode: 'form' });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.errors).sort()).toEqual(['cellid', 'mcc', 'mnc']);
  });

  it('accepts the largest 36-bit cell id and refuses one more', () => {
    expect(checkCellId({ mcc: '244', mnc: '91', cellid: String(MAX_CELLID) }, { mode: 'path' }).ok).toBe(
      true,
    );
    expect(checkCellId({ mcc: '244', mnc: '91', cellid: String(MAX_CELLID + 1) }, { mode: 'path' }).ok).toBe(
      false,
    );
    expect(checkCellId({ mcc: '244', mnc: '91', cellid: '9'.repeat(400) }, { mode: 'path' }).ok).toBe(false);
  });

  it('is stricter about MCC in forms than in paths, and never trims path values', () => {
    expect(checkCellId({ mcc: '1', mnc: '1', cellid: '1' }, { mode: 'path' }).ok).toBe(true);
    expect(checkCellId({ mcc: '1', mnc: '1', cellid: '1' }, { mode: 'form' }).ok).toBe(false);
    expect(checkCellId({ mcc: ' 244', mnc: '1', cellid: '1' }, { mode: 'path' }).ok).toBe(false);
    expect(checkCellId({ mcc: ' 244 ', mnc: '1', cellid: '1' }, { mode: 'form' }).ok).toBe(true);
    expect(checkCellId({ mcc: '-12', mnc: '١٢', cellid: '1e3' }, { mode: 'path' }).ok).toBe(false);
  });
});

describe('numbers as a person types them', () => {
  it('reads full-width digits and digit groups split by a space as the digits they are', () => {
    expect(typedDigits('２４４')).toBe('244');
    expect(typedDigits(' 10 038 ')).toBe('10038');
    expect(typedDigits('10\u00a0038')).toBe('10038');
    expect(typedDigits('1\u202f234\u2009567')).toBe('1234567');
    expect(typedDigits('１０　０３８')).toBe('10038');
    expect(checkCellId({ mcc: '２４４', mnc: '９１', cellid: '10 038' }, { mode: 'form' })).toEqual({
      ok: true,
      value: { mcc: '244', mnc: '91', cellid: '10038' },
    });
  });

  it('leaves what is not a number as typed, for the check to name', () => {
    expect(typedDigits('12 a')).toBe('12 a');
    expect(typedDigits('1 - 2')).toBe('1 - 2');
    expect(checkCellId({ mcc: '244', mnc: '9 1x', cellid: '1' }, { mode: 'form' }).ok).toBe(false);
    // A path is the service's: read as it is, never as typed.
    expect(checkCellId({ mcc: '２４４', mnc: '91', cellid: '10 038' }, { mode: 'path' }).ok).toBe(false);
  });
});

describe('key fingerprints', () => {
  it('tell key pairs apart without containing them', () => {
    const a = keyFingerprint({ serviceKey: 'demo-service', userKey: 'demo-user' });
    const b = keyFingerprint({ serviceKey: 'demo-service', userKey: 'demo-pending' });
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f]{8}$/);
    expect(keyFingerprint({ serviceKey: 'ab', userKey: 'c' })).not.toBe(
      keyFingerprint({ serviceKey: 'a', userKey: 'bc' }),
    );
  });
});
