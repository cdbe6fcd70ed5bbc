import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Answer, Client } from '../../api/client';
import type { Format, Keys, Location } from '../../api/types';
import { DEFAULT_SETTINGS } from '../../api/settings';
import { queryKeys } from '../../queries/query-keys';
import { withinDeadline } from '../../queries/read-policy';
import { useClient, useFormat, useKeys, useSession, useUser } from '../../state/session';
import { useSettings } from '../../state/settings';

/** The Location read. The key holds a fingerprint of the keys, never the keys themselves. One deadline for the
 *  whole read, retries included: the service's timeout and 2 s. */
export const locationQuery = (
  client: Client,
  keys: Keys | null,
  format: Format,
  serviceTimeoutMs = DEFAULT_SETTINGS.timeoutMs,
) =>
  // The time a read may take is not part of what it reads: it stays out of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions<Answer<Location>>({
    queryKey: queryKeys.location.read(keys, format),
    queryFn: keys
      ? ({ signal }) =>
          withinDeadline(signal, serviceTimeoutMs, (deadline) =>
            client.getLocation(keys, { signal, format, deadline }),
          )
      : skipToken,
  });

export const REFRESH_CHOICES = [0, 15, 60] as const;
export type RefreshSeconds = (typeof REFRESH_CHOICES)[number];

/**
 * The phone's answer as it stands, for whoever shows it beside the location panel (the map, the raw view, the
 * history). It never reads by itself: only the panel's `useLocation` does.
 */
export function usePhone() {
  const keys = useKeys();
  const [format] = useFormat();
  const { timeoutMs } = useSettings().settings;
  return useQuery({ ...locationQuery(useClient(), keys, format, timeoutMs), enabled: false });
}

/** The location panel's read: nothing until the person asks, then on request and on the chosen interval. */
export function useLocation() {
  const keys = useKeys();
  const [format] = useFormat();
  const { client, focus } = useSession();
  const { timeoutMs } = useSettings().settings;
  const user = useUser();
  const [state, setState] = useState({ started: false, refreshSeconds: 0 as RefreshSeconds, user });
  // Forgotten keys end the session's locating: the next user's keys start from the button again.
  if (state.user !== user) setState({ started: false, refreshSeconds: 0, user });
  const query = useQuery({
    ...locationQuery(client, keys, format, timeoutMs),
    enabled: state.started,
    refetchInterval: state.refreshSeconds > 0 ? state.refreshSeconds * 1000 : false,
    refetchIntervalInBackground: false,
  });
  const locate = () => {
    focus.dispatch({ type: 'locate' });
    if (state.started) void query.refetch();
    else setState((s) => ({ ...s, started: true }));
  };
  const setRefreshSeconds = (refreshSeconds: RefreshSeconds) => setState((s) => ({ ...s, refreshSeconds }));
  return {
    query,
    hasKeys: keys !== null,
    started: state.started,
    refreshSeconds: state.refreshSeconds,
    locate,
    setRefreshSeconds,
  };
}
