import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CamaraAnswer, CamaraAsk, CamaraQuestion } from '../../api/camara';
import type { Answer, Client } from '../../api/client';
import { DEFAULT_SETTINGS } from '../../api/settings';
import type { Keys } from '../../api/types';
import { queryKeys } from '../../queries/query-keys';
import { readDeadline, withinDeadline } from '../../queries/read-policy';
import { useKeys, useSession, useUserChange } from '../../state/session';
import { useSettings } from '../../state/settings';

/** How long past the operator's own end of a request the app still asks after it (its clock may be behind). */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * Where a question to the CAMARA operator stands (the service's read: src/api/camara.ts). The key holds a
 * fingerprint of the keys, never the keys. Asked again only while the owner decides: the answer itself says when.
 */
export const camaraQuery = (
  client: Client,
  keys: Keys | null,
  kind: CamaraQuestion,
  serviceTimeoutMs = DEFAULT_SETTINGS.timeoutMs,
) =>
  // The time a read may take is not part of what it reads: it stays out of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions<Answer<CamaraAnswer>>({
    queryKey: queryKeys.camara.read(keys, kind),
    queryFn: keys
      ? ({ signal }) =>
          withinDeadline(signal, serviceTimeoutMs, (deadline) =>
            client.getCamara(keys, kind, { signal, deadline }),
          )
      : skipToken,
    staleTime: Infinity,
  });

/** While the owner decides, the pace the service asked for; nothing once there is an answer or the request ended. */
export function checkAgainMs(answer: CamaraAnswer | undefined, now = Date.now()): number | false {
  if (answer?.state !== 'pending') return false;
  if (now > Date.parse(answer.expiresAt) + EXPIRY_MARGIN_MS) return false;
  return answer.checkAgainSeconds * 1000;
}

/**
 * One question to the operator: `ask` sends it (an older answer is dropped at once, so no position is ever shown
 * as if it were the new one), and while the owner decides on the phone the app keeps asking by itself, in the
 * background too (the owner is on the phone, not in this tab).
 */
export function useCamara(kind: CamaraQuestion) {
  const keys = useKeys();
  const { client } = useSession();
  const { timeoutMs } = useSettings().settings;
  const queryClient = useQueryClient();
  const options = camaraQuery(client, keys, kind, timeoutMs);
  const query = useQuery({
    ...options,
    enabled: (current) => checkAgainMs(current.state.data?.data) !== false,
    refetchInterval: (current) => checkAgainMs(current.state.data?.data),
    refetchIntervalInBackground: true,
  });
  // A question on its way when the user changes is given up: its answer would land under the keys forgotten.
  const inFlight = useRef<AbortController | null>(null);
  useUserChange(() => inFlight.current?.abort());
  useResumedWait(client, keys, kind, timeoutMs);
  const asking = useMutation({
    mutationFn: (ask: CamaraAsk) => {
      if (keys === null) throw new Error('no keys to ask with');
      inFlight.current = new AbortController();
      const { signal } = inFlight.current;
      return client.askCamara(keys, ask, { deadline: readDeadline(timeoutMs), signal });
    },
    // Reset, not removed: whoever shows the answer (the map too) keeps watching the same query.
    onMutate: () => queryClient.resetQueries({ queryKey: options.queryKey }),
    onSuccess: (answer) => queryClient.setQueryData(options.queryKey, answer),
  });
  // Cancel: the service stops waiting (the operator's request stays valid for the next ask); its answer is shown.
  const cancelling = useMutation({
    mutationFn: () => {
      if (keys === null) throw new Error('no keys to cancel with');
      return client.cancelCamara(keys, kind, { deadline: readDeadline(timeoutMs) });
    },
    onSuccess: (answer) => queryClient.setQueryData(options.queryKey, answer),
  });
  const answer = query.data?.data;
  const answered = answer !== undefined && answer.state !== 'pending';
  return {
    /** The latest answer: the POST's, then the polls'. */
    answer,
    query,
    asking,
    cancelling,
    /** Takes an answer off the screen (a form's own check failed: the answer was about something else). */
    clear: () => {
      if (answer?.state !== 'pending') void queryClient.resetQueries({ queryKey: options.queryKey });
    },
    hasKeys: keys !== null,
    /** Names the outcome on screen, each anew (useFocusOutcome): the operator's answer, or the request's failure. */
    outcome: asking.isError
      ? `request ${asking.submittedAt}`
      : answered
        ? `answer ${query.dataUpdatedAt}`
        : undefined,
  };
}

/**
 * A wait under way when the panel opens (a reload, a second tab opened later) is taken up: shown with its deadline
 * and polled until its answer. An answer or a failure already given is not shown again: what the page shows when
 * it opens is the person's to ask for.
 */
function useResumedWait(client: Client, keys: Keys | null, kind: CamaraQuestion, timeoutMs: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = queryKeys.camara.read(keys, kind);
    if (keys === null || queryClient.getQueryData(key) !== undefined) return;
    const controller = new AbortController();
    client
      .getCamara(keys, kind, { signal: controller.signal, deadline: readDeadline(timeoutMs) })
      .then((answer) => {
        if (answer.data.state === 'pending' && queryClient.getQueryData(key) === undefined) {
          queryClient.setQueryData(key, answer);
        }
      })
      // Nothing asked lately (404), or no service now: the panel starts idle, as it would have.
      .catch(() => undefined);
    return () => controller.abort();
  }, [client, keys, kind, timeoutMs, queryClient]);
}

/** A question's latest answer as it stands, for whoever shows it beside its panel (the map); it never reads. */
export function useCamaraAnswer(kind: CamaraQuestion): CamaraAnswer | undefined {
  const keys = useKeys();
  const { client } = useSession();
  return useQuery({ ...camaraQuery(client, keys, kind), enabled: false }).data?.data;
}
