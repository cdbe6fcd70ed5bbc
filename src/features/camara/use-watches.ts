import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { WatchAsk } from '../../api/watch-client';
import type { WatchView } from '../../api/watches';
import { readDeadline } from '../../queries/read-policy';
import { queryKeys } from '../../queries/query-keys';
import { useKeys, useSession } from '../../state/session';
import { useSettings } from '../../state/settings';

/**
 * How often the app asks for the watches while one is open. A poll, not Server-Sent Events: the keys go with every
 * read as they do for Locate (an EventSource cannot send them in headers), every replica answers from the shared
 * store, and the operator's 10 s to deliver plus this 3 s keeps an event on screen within the bound.
 */
export const WATCH_POLL_MS = 3000;

const open = (watches: WatchView[] | undefined) => watches?.some((watch) => watch.state !== 'ended') === true;

/** The user's watches, polled while any is open; start and stop. */
export function useWatches() {
  const keys = useKeys();
  const { client } = useSession();
  const { timeoutMs } = useSettings().settings;
  const queryClient = useQueryClient();
  const queryKey = queryKeys.camara.watches(keys);
  // The time a read may take is not part of what it reads: it stays out of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => {
      if (keys === null) throw new Error('no keys');
      return client.getWatches(keys, { signal, deadline: readDeadline(timeoutMs) });
    },
    enabled: keys !== null,
    refetchInterval: (current) => (open(current.state.data?.data) ? WATCH_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const starting = useMutation({
    mutationFn: (ask: WatchAsk) => {
      if (keys === null) throw new Error('no keys');
      return client.startWatch(keys, ask, { deadline: readDeadline(timeoutMs) });
    },
    onSuccess: refresh,
  });
  const stopping = useMutation({
    mutationFn: (id: string) => {
      if (keys === null) throw new Error('no keys');
      return client.stopWatch(keys, id, { deadline: readDeadline(timeoutMs) });
    },
    onSuccess: refresh,
  });
  return { watches: query.data?.data, query, starting, stopping, hasKeys: keys !== null };
}

/**
 * A system notification for each arrive or leave event that comes while the page is open, when the person allowed
 * them (through the service worker where there is one). Events already there when the page opened are not told.
 */
export function useEventNotifications(
  watches: WatchView[] | undefined,
  words: (event: WatchView['events'][number]) => { title: string; body: string },
): void {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (watches === undefined) return;
    const events = watches.flatMap((watch) =>
      watch.events.map((event) => ({ key: `${watch.id} ${event.id}`, event })),
    );
    if (seen.current === null) {
      seen.current = new Set(events.map(({ key }) => key));
      return;
    }
    const fresh = events.filter(({ key }) => !seen.current!.has(key));
    for (const { key } of fresh) seen.current.add(key);
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    for (const { event } of fresh.filter(({ event }) => event.kind === 'entered' || event.kind === 'left')) {
      const { title, body } = words(event);
      void show(title, body, event.id);
    }
  }, [watches, words]);
}

async function show(title: string, body: string, tag: string): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration !== undefined) return registration.showNotification(title, { body, tag });
  new Notification(title, { body, tag });
}
