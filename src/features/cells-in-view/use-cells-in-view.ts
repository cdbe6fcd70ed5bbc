import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Answer, Client } from '../../api/client';
import { MAX_ZOOM, type Bbox, type CellsInView, type CellsQuery } from '../../api/cells-in-view';
import { DEFAULT_SETTINGS } from '../../api/settings';
import type { Format, Keys } from '../../api/types';
import type { InViewChoice } from '../../state/in-view-choice';
import type { MapArea } from '../../state/map-focus';
import { queryKeys } from '../../queries/query-keys';
import { withinDeadline } from '../../queries/read-policy';
import { useFormat, useInViewChoice, useKeys, useMapFocus, useSession } from '../../state/session';
import { useSettings } from '../../state/settings';

/** How many cells the map asks for at once: clustered, 5,000 stay smooth; past that, zooming in shows the rest. */
export const IN_VIEW_LIMIT = 5000;

/** A margin around the view, as a share of its size, so a short pan finds its cells already there. */
const MARGIN = 0.2;

const round = (degrees: number) => Math.round(degrees * 10_000) / 10_000;
const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/** The box asked for: the settled view with a margin, rounded to about 10 m so a repeated view is one query. */
export function areaBox(area: MapArea): Bbox {
  const width = area.west <= area.east ? area.east - area.west : area.east - area.west + 360;
  const height = area.north - area.south;
  const south = round(Math.max(-90, area.south - height * MARGIN));
  const north = round(Math.min(90, area.north + height * MARGIN));
  if (width * (1 + 2 * MARGIN) >= 360) return { west: -180, south, east: 180, north };
  return {
    west: round(wrap(area.west - width * MARGIN)),
    south,
    east: round(wrap(area.east + width * MARGIN)),
    north,
  };
}

export function inViewQuery(area: MapArea | undefined, choice: InViewChoice): CellsQuery | null {
  if (!choice.on || area === undefined) return null;
  return {
    bbox: areaBox(area),
    ...(choice.operator !== undefined && { mcc: choice.operator.mcc, mnc: choice.operator.mnc }),
    ...(choice.radio !== undefined && { radio: choice.radio }),
    limit: IN_VIEW_LIMIT,
    // More cells in view than the limit come as counts per square of the map's tiles, the true numbers.
    zoom: Math.max(0, Math.min(MAX_ZOOM, Math.round(area.zoom))),
  };
}

/**
 * The cells-in-view read. A new view or filter is a new key: TanStack Query aborts the read it replaces (the
 * signal reaches fetch), and the cells already on the map stay until the new ones come.
 */
export const cellsInViewQuery = (
  client: Client,
  keys: Keys | null,
  query: CellsQuery | null,
  format: Format,
  serviceTimeoutMs = DEFAULT_SETTINGS.timeoutMs,
) =>
  // The time a read may take is not part of what it reads: it stays out of the key (as on the Cell read).
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions<Answer<CellsInView>>({
    queryKey: queryKeys.cellsInView.read(keys, query, format),
    // The cells already on the map stay until the new ones come, but never those read with other keys.
    placeholderData: (previous, previousQuery) =>
      previousQuery !== undefined &&
      queryKeys.cellsInView.sameKeys(previousQuery.queryKey, queryKeys.cellsInView.read(keys, query, format))
        ? previous
        : undefined,
    queryFn:
      keys && query
        ? ({ signal }) =>
            withinDeadline(signal, serviceTimeoutMs, (deadline) =>
              client.getCellsInView(keys, query, { signal, format, deadline }),
            )
        : skipToken,
    staleTime: 60_000,
    gcTime: 60_000,
  });

/** What the map shows of the cells in view, and the choice behind it; the control and the layer share it. */
export function useCellsInView() {
  const choice = useInViewChoice();
  const area = useMapFocus((focus) => (choice.on ? focus.area : undefined));
  const keys = useKeys();
  const [format] = useFormat();
  const { client } = useSession();
  const query = inViewQuery(area, choice);
  const { timeoutMs } = useSettings().settings;
  const result = useQuery(cellsInViewQuery(client, keys, query, format, timeoutMs));
  return { choice, keys, query, result };
}

/**
 * The view as the last read without an operator filter found it (its cells, or its counts and their operators), so
 * the operator filter keeps offering every operator in view while one is chosen (a read narrowed to one operator
 * names no other). It reads nothing itself: the unfiltered read of this view, when it was made, or the last one
 * before the filter was chosen.
 */
export function useUnfilteredCellsInView(): CellsInView | undefined {
  const { operator: _operator, ...choice } = useInViewChoice();
  const area = useMapFocus((focus) => (choice.on ? focus.area : undefined));
  const keys = useKeys();
  const [format] = useFormat();
  const { client } = useSession();
  const query = inViewQuery(area, choice);
  const { timeoutMs } = useSettings().settings;
  const result = useQuery({ ...cellsInViewQuery(client, keys, query, format, timeoutMs), enabled: false });
  return result.data?.data;
}
