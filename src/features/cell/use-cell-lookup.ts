import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Answer, Client } from '../../api/client';
import type { Cell, CellHints, CellId, Format, Keys } from '../../api/types';
import { DEFAULT_SETTINGS } from '../../api/settings';
import { queryKeys } from '../../queries/query-keys';
import { withinDeadline } from '../../queries/read-policy';
import { navigate, useRoute } from '../../routing/address-bar';
import { cellPath, formatRoute } from '../../routing/route';
import { useFormat, useKeys, useMapFocus, useSession } from '../../state/session';
import { useSettings } from '../../state/settings';

/** The Cell read, keyed from general to specific; keys enter only as a fingerprint. One deadline for the whole
 *  read, retries included: the service's timeout and 2 s. */
export const cellQuery = (
  client: Client,
  keys: Keys | null,
  id: CellId | null,
  format: Format,
  serviceTimeoutMs = DEFAULT_SETTINGS.timeoutMs,
  hints: CellHints = {},
) =>
  // The time a read may take is not part of what it reads: it stays out of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions<Answer<Cell>>({
    queryKey: queryKeys.cell.read(keys, id, format, hints),
    queryFn:
      keys && id
        ? ({ signal }) =>
            withinDeadline(signal, serviceTimeoutMs, (deadline) =>
              client.getCell(keys, id, { signal, format, deadline, hints }),
            )
        : skipToken,
  });

/**
 * The cell the address bar names, and what is shown for it: the answer to its read, or an answer from the
 * history (then nothing is read, also after that entry is removed, until the person looks the cell up).
 */
export function useCellAnswer() {
  const route = useRoute();
  const keys = useKeys();
  const [format] = useFormat();
  const { client } = useSession();
  const shown = useMapFocus((focus) => focus.shown);
  const cellId = route.name === 'cell' ? route.id : null;
  const hints = route.name === 'cell' ? route.hints : {};
  const { timeoutMs } = useSettings().settings;
  const query = useQuery({
    ...cellQuery(client, keys, cellId, format, timeoutMs, hints),
    enabled: shown === null,
  });
  return {
    route,
    cellId,
    hints,
    query,
    cell: shown ? shown.entry?.cell : query.data?.data,
    /** Where the answer came from and what its source knows (an answer from the history keeps them). */
    facts: shown ? shown.entry?.facts : query.data?.facts,
    fromHistoryAt: shown?.entry?.at,
  };
}

/** The cell panel's side: the answer, and a lookup that names the cell in the address bar. */
export function useCellLookup() {
  const answer = useCellAnswer();
  const keys = useKeys();
  const [format] = useFormat();
  const { client, focus } = useSession();
  const { timeoutMs } = useSettings().settings;
  const queryClient = useQueryClient();
  // Each lookup (and each retry) the person asks for, counted (its outcome takes focus once it is shown), and
  // when: an answer read before then was kept from an earlier lookup, and says so.
  const [asked, setAsked] = useState({ count: 0, at: 0 });
  const ask = () => setAsked((last) => ({ count: last.count + 1, at: Date.now() }));
  const lookup = (id: CellId, hints: CellHints = {}) => {
    ask();
    const path = cellPath(id, hints);
    const same = path === formatRoute(answer.route);
    // The request leaves at the click, before React re-renders, so rendering overlaps the network wait.
    const reading =
      keys && !same
        ? queryClient.prefetchQuery(cellQuery(client, keys, id, format, timeoutMs, hints))
        : undefined;
    focus.openCell(id, hints, reading);
    if (same && keys) void answer.query.refetch();
  };
  const retry = () => {
    ask();
    void answer.query.refetch();
  };
  // The form's values failed its check: the address no longer names the cell shown before (a link copied now
  // would share it), and what was shown for it goes with it. Back returns to it.
  const leave = () => {
    if (answer.route.name !== 'home') navigate('/');
  };
  const { data, dataUpdatedAt, isFetching } = answer.query;
  const kept = data !== undefined && !isFetching && dataUpdatedAt > 0 && dataUpdatedAt < asked.at;
  return {
    ...answer,
    lookup,
    retry,
    leave,
    asked: asked.count,
    /** When the answer shown was read, if that was before the person asked for it (kept from earlier). */
    keptFrom: kept && answer.fromHistoryAt === undefined ? dataUpdatedAt : undefined,
  };
}
