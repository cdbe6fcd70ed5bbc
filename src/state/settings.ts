import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Client } from '../api/client';
import { DEFAULT_SETTINGS, readSettings, SETTINGS_ELEMENT_ID, type Settings } from '../api/settings';
import { queryKeys } from '../queries/query-keys';
import { useSession } from './session';

/** The last settings this device had, for a page opened without them: from the service worker, offline. */
export const SETTINGS_STORAGE_KEY = 'cellpos.settings';

function remember(settings: Settings): Settings {
  try {
    // The demo keys are the service's to hand out while it has them, not the device's to keep.
    const { demoKeys: _demoKeys, ...kept } = settings;
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    /* no storage (private mode, quota): the defaults will do offline */
  }
  return settings;
}

function stored(): Settings {
  try {
    const text = window.localStorage.getItem(SETTINGS_STORAGE_KEY);
    return text === null ? DEFAULT_SETTINGS : readSettings(JSON.parse(text));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The settings the service put into the page it served (src/server/platform/http/app-page.ts), if it did. */
export function pageSettings(): Settings | undefined {
  const text =
    typeof document === 'undefined' ? null : document.getElementById(SETTINGS_ELEMENT_ID)?.textContent;
  if (text === null || text === undefined || text === '') return undefined;
  try {
    return remember(readSettings(JSON.parse(text)));
  } catch {
    return undefined;
  }
}

/**
 * The service's settings: from the page when the service put them there (no round trip before the first
 * tile), else read once from /api/settings (the app served from elsewhere); when that fails, the last ones this
 * device had, or the defaults (OpenStreetMap, no demo keys).
 */
export const settingsQuery = (client: Client) =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }): Promise<Settings> =>
      client.getSettings({ signal }).then((answer) => remember(answer.data), stored),
    initialData: pageSettings,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** The settings, and whether they came (tiles wait for them, so no tile is asked of a server they did not name). */
export function useSettings(): { settings: Settings; loaded: boolean } {
  const { data } = useQuery(settingsQuery(useSession().client));
  return { settings: data ?? DEFAULT_SETTINGS, loaded: data !== undefined };
}
