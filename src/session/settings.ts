import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Client } from '../api/client';
import { DEFAULT_SETTINGS, type Settings } from '../api/settings';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/** The service's settings, read once; any failure leaves the defaults (OpenStreetMap, no demo keys). */
export const settingsQuery = (client: Client) =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }): Promise<Settings> =>
      client.getSettings({ signal }).then(
        (answer) => answer.data,
        () => DEFAULT_SETTINGS,
      ),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** The settings, and whether they came (tiles wait for them, so no tile is asked of a server they did not name). */
export function useSettings(): { settings: Settings; loaded: boolean } {
  const { data } = useQuery(settingsQuery(useSession().client));
  return { settings: data ?? DEFAULT_SETTINGS, loaded: data !== undefined };
}
