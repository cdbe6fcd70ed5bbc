// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { DEFAULT_SETTINGS, SETTINGS_ELEMENT_ID, type Settings } from '../api/settings';
import { SETTINGS_STORAGE_KEY, useSettings } from './settings';
import { testSession } from '../testing/test-session';

const FROM_PAGE: Settings = {
  mode: 'demo',
  tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
  tileAttribution: 'Tiles',
  timeoutMs: 3000,
  demoKeys: { serviceKey: 'demo-service', userKey: 'demo-user' },
  build: 'abc',
};

function putInPage(settings: unknown): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SETTINGS_ELEMENT_ID;
  element.textContent = JSON.stringify(settings);
  document.head.append(element);
}

afterEach(() => {
  document.getElementById(SETTINGS_ELEMENT_ID)?.remove();
  localStorage.clear();
});

describe('useSettings', () => {
  it('takes the settings the service put into the page, without asking for them', () => {
    putInPage(FROM_PAGE);
    const getSettings = vi.fn();
    const { wrapper } = testSession({ getSettings });
    const { result } = renderHook(() => useSettings(), { wrapper });
    expect(result.current).toEqual({ settings: FROM_PAGE, loaded: true });
    expect(getSettings).not.toHaveBeenCalled();
  });

  it('asks for them when the page has none (the app served from elsewhere), and keeps them without demo keys', async () => {
    const { wrapper } = testSession({}, FROM_PAGE);
    const { result } = renderHook(() => useSettings(), { wrapper });
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.settings).toEqual(FROM_PAGE);
    const kept = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? 'null');
    const { demoKeys: _demoKeys, ...withoutKeys } = FROM_PAGE;
    expect(kept).toEqual(withoutKeys);
  });

  it('falls back to the last settings this device had when they cannot be read (offline), else the defaults', async () => {
    const fail = () => Promise.reject(new ApiError('network', 'offline'));
    const first = testSession({ getSettings: fail });
    const { result } = renderHook(() => useSettings(), { wrapper: first.wrapper });
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.settings).toEqual(DEFAULT_SETTINGS);

    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ ...FROM_PAGE, demoKeys: undefined }));
    const second = testSession({ getSettings: fail });
    const again = renderHook(() => useSettings(), { wrapper: second.wrapper });
    await waitFor(() => expect(again.result.current.loaded).toBe(true));
    const { demoKeys: _demoKeys, ...withoutKeys } = FROM_PAGE;
    expect(again.result.current.settings).toEqual(withoutKeys);
  });
});
