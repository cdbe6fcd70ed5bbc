import { describe, expect, it, vi } from 'vitest';
import type { Client } from '../../api/client';
import { keyFingerprint } from '../../api/keys';
import { locationQuery } from './use-location';

const client: Client = { getLocation: vi.fn(), getCell: vi.fn(), getSettings: vi.fn() };
const keys = { serviceKey: 'svc-secret', userKey: 'usr-secret' };

describe('locationQuery', () => {
  it('keys the cache by a fingerprint and the format, never by the keys', () => {
    const { queryKey } = locationQuery(client, keys, 'json');
    expect(queryKey).toEqual(['location', keyFingerprint(keys), 'json']);
    expect(JSON.stringify(queryKey)).not.toContain('secret');
  });

  it('tells apart key pairs and formats', () => {
    const a = locationQuery(client, keys, 'xml').queryKey;
    const b = locationQuery(client, { ...keys, userKey: 'other' }, 'xml').queryKey;
    const c = locationQuery(client, keys, 'json').queryKey;
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(c);
  });
});
