import { describe, expect, it } from 'vitest';
import { cellLabel, checkCellId, MAX_CELLID } from './cell-id';
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
