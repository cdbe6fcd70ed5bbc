// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetKeys, KEYS_STORAGE_KEY, loadKeys, saveKeys } from './keys-storage';

const keys = { serviceKey: 'svc-1', userKey: 'usr-1' };

describe('keys storage', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it('keeps keys in sessionStorage by default', () => {
    saveKeys(keys, false);
    expect(window.sessionStorage.getItem(KEYS_STORAGE_KEY)).not.toBeNull();
    expect(window.localStorage.getItem(KEYS_STORAGE_KEY)).toBeNull();
    expect(loadKeys()).toEqual({ keys, remembered: false });
  });

  it('keeps keys in localStorage only when remembered', () => {
    saveKeys(keys, true);
    expect(window.localStorage.getItem(KEYS_STORAGE_KEY)).not.toBeNull();
    expect(window.sessionStorage.getItem(KEYS_STORAGE_KEY)).toBeNull();
    expect(loadKeys()).toEqual({ keys, remembered: true });
  });

  it('moves keys out of localStorage when no longer remembered', () => {
    saveKeys(keys, true);
    saveKeys(keys, false);
    expect(window.localStorage.getItem(KEYS_STORAGE_KEY)).toBeNull();
    expect(loadKeys()?.remembered).toBe(false);
  });

  it('forget clears both stores', () => {
    window.localStorage.setItem(KEYS_STORAGE_KEY, JSON.stringify(keys));
    window.sessionStorage.setItem(KEYS_STORAGE_KEY, JSON.stringify(keys));
    forgetKeys();
    expect(window.localStorage.getItem(KEYS_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(KEYS_STORAGE_KEY)).toBeNull();
    expect(loadKeys()).toBeUndefined();
  });

  it('ignores junk in storage', () => {
    window.sessionStorage.setItem(KEYS_STORAGE_KEY, '{not json');
    window.localStorage.setItem(KEYS_STORAGE_KEY, JSON.stringify({ serviceKey: 1, userKey: '' }));
    expect(loadKeys()).toBeUndefined();
  });
});
