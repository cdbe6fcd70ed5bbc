// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keyFingerprint } from '../../api/keys';
import { testSession } from '../../testing/test-session';
import { locationQuery, useLocation } from './use-location';
import { idleClient, SECRET_KEYS } from '../../testing/stand-ins';

const client = idleClient();
const keys = SECRET_KEYS;

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

describe('useLocation', () => {
  it('reads nothing until asked; forgotten keys end locating, and new keys start from the button again', () => {
    const { session, wrapper } = testSession();
    session.keys.save(keys, false);
    const { result } = renderHook(() => useLocation(), { wrapper });
    expect(result.current).toMatchObject({ hasKeys: true, started: false });
    act(() => result.current.locate());
    act(() => result.current.setRefreshSeconds(15));
    expect(result.current).toMatchObject({ started: true, refreshSeconds: 15 });
    expect(session.focus.get()).toMatchObject({ target: 'phone', flights: 1 });
    act(() => session.keys.forget());
    act(() => session.keys.save(keys, false));
    expect(result.current).toMatchObject({ hasKeys: true, started: false, refreshSeconds: 0 });
  });
});
