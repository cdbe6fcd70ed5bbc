import { describe, expect, it } from 'vitest';
import { keyFingerprint } from '../../api/keys';
import { cellQuery } from './use-cell-lookup';
import { idleClient, SECRET_KEYS } from '../../testing/stand-ins';

const client = idleClient();
const keys = SECRET_KEYS;

describe('cellQuery', () => {
  it('keys the cache general to specific, by the cell as typed, a fingerprint of the keys and the format', () => {
    const { queryKey } = cellQuery(client, keys, { mcc: '244', mnc: '05', cellid: '10038' }, 'xml');
    expect(queryKey).toEqual(['cell', '244', '05', '10038', '', '', keyFingerprint(keys), 'xml']);
    expect(JSON.stringify(queryKey)).not.toContain('secret');
  });

  it('keys a lookup with a LAC and radio apart from one without', () => {
    const id = { mcc: '244', mnc: '91', cellid: '20500001' };
    const { queryKey } = cellQuery(client, keys, id, 'json', undefined, { lac: '6001', radio: 'LTE' });
    expect(queryKey).toEqual(['cell', '244', '91', '20500001', '6001', 'LTE', keyFingerprint(keys), 'json']);
  });
});
