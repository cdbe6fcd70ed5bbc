import type { CamaraArea, LatLon, VerificationAnswer } from '../api/camara';
import { cellLabel } from '../api/cell-id';
import type { CellFacts } from '../api/cell-facts';
import type { CellInView } from '../api/cells-in-view';
import type { CellCounts } from '../api/cell-counts';
import type { Cell, CellHints, CellId, Location } from '../api/types';
import { currentPath, navigate } from '../routing/address-bar';
import { cellPath, parseRoute, parseView, type MapViewState } from '../routing/route';
import type { DevicePosition } from './device-position';
import { createStore } from './store';

/** An answer from the history, shown again instead of a read. */
export interface ShownEntry {
  id: string;
  /** ms since epoch of the answer */
  at: number;
  cell: Cell;
  facts?: CellFacts;
}

/** The found cells of a batch, so far. */
export interface BatchCells {
  runId: number;
  cells: readonly Cell[];
  /** The batch ended (finished or cancelled): the map is fitted to its cells. */
  complete: boolean;
}

export interface FlyTarget {
  lat: number;
  lon: number;
  /** Changes when the same place should be flown to again, e.g. a new lookup. */
  token: string;
}

/** The part of the world the map shows, once it has stopped moving. `west > east` where it crosses 180°. */
export interface MapArea {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/** A cell the phone was seen in during this session. */
export interface TrailPoint {
  lat: number;
  lon: number;
  name: string;
  /** ms since epoch when the phone was first seen in this cell */
  at: number;
}

/** A watched area ("Watch my phone"): its circle while the watch is listed, and its latest crossing. */
export interface WatchArea {
  id: string;
  /** Told when the phone leaves it, or arrives in it. */
  kind: 'leave' | 'arrive';
  center: LatLon;
  radiusM: number;
  /** Ended watches are drawn faded; the others (waiting, being set up, watching) solid. */
  ended: boolean;
  /** The latest arrive or leave event, with its own time (ISO 8601). */
  latest?: { kind: 'entered' | 'left'; time: string };
}

/**
 * What the map draws: the features hand it in through `draw` (or useDrawOnMap), their one way onto the map, and
 * the map's layers read it from here.
 */
export interface MapDrawing {
  /** The phone's answer, and the cells it was seen in before. */
  phone: Location | undefined;
  trail: readonly TrailPoint[];
  /** The cell shown (looked up, or from the history), and what its source says beyond it (its circle). */
  cell: Cell | undefined;
  facts: CellFacts | undefined;
  /** This device's own position, when the person asked to compare it with the cell. */
  device: Extract<DevicePosition, { status: 'ok' }> | undefined;
  batch: BatchCells | undefined;
  /** The cells in the view, while the person has them shown. */
  inView: readonly CellInView[] | undefined;
  /** The cells in the view as counts per square, when the view holds more than are worth drawing one by one. */
  inViewCounts: CellCounts | undefined;
  /** Where a CAMARA operator places the phone (LOCATION_SOURCE=camara), and since when. */
  camaraArea: { area: CamaraArea; lastLocationTime: string } | undefined;
  /** The circle "Is my phone near a place?" asked about, with the operator's answer and the fix it is about. */
  camaraCircle:
    | {
        center: LatLon;
        radiusM: number;
        result?: VerificationAnswer;
        matchRate?: number;
        lastLocationTime?: string;
      }
    | undefined;
  /** The watched areas, while their watches are listed. */
  watches: readonly WatchArea[] | undefined;
  /** The watched area the person chose in the list: the map frames it (a new token frames it again). */
  watchFramed: { center: LatLon; radiusM: number; token: number } | undefined;
}

/** What the map shows and where it goes; shared by the features, the map and the raw view. */
export interface MapFocus extends MapDrawing {
  /** What the map flies to and the raw view shows: the phone's answer or the cell's. */
  target: 'phone' | 'cell';
  /** Commands so far (locate, look up, show from history): each one flies the map again. */
  flights: number;
  /**
   * The path whose cell comes from the history instead of a read: the entry shown there, or none once it was
   * removed from the history (then nothing is read until the person looks the cell up).
   */
  shown: { path: string; entry: ShownEntry | null } | null;
  /** Where the map looks now, for links that carry the view. */
  view: MapViewState | undefined;
  /** What the map shows, settled: set a moment after the last move, for reads of what is in view. */
  area: MapArea | undefined;
  /** Where the map first looks: a shared link's view. */
  initialView: MapViewState | undefined;
  path: string;
}

export type MapFocusAction =
  | { type: 'locate' }
  | { type: 'look-up' }
  | { type: 'show'; entry: ShownEntry; path: string }
  | { type: 'unshow'; id?: string }
  /** The format changed: what is shown is read again in it, an answer from the History too. */
  | { type: 'read-again' }
  | { type: 'route'; path: string }
  | { type: 'draw'; drawing: Partial<MapDrawing> }
  | { type: 'view'; view: MapViewState }
  | { type: 'area'; area: MapArea }
  | { type: 'forget' };

/** Nothing drawn: the map of a tab whose user was just forgotten. */
const NOTHING_DRAWN: MapDrawing = {
  phone: undefined,
  trail: [],
  cell: undefined,
  facts: undefined,
  device: undefined,
  batch: undefined,
  inView: undefined,
  inViewCounts: undefined,
  camaraArea: undefined,
  camaraCircle: undefined,
  watches: undefined,
  watchFramed: undefined,
};

export function initialMapFocus(path: string, search: string): MapFocus {
  return {
    target: parseRoute(path).name === 'cell' ? 'cell' : 'phone',
    flights: 0,
    shown: null,
    ...NOTHING_DRAWN,
    view: undefined,
    area: undefined,
    initialView: parseView(search),
    path,
  };
}

export function reduceMapFocus(state: MapFocus, action: MapFocusAction): MapFocus {
  switch (action.type) {
    case 'locate':
      return { ...state, target: 'phone', flights: state.flights + 1 };
    case 'look-up':
      return { ...state, target: 'cell', flights: state.flights + 1, shown: null };
    case 'show':
      return {
        ...state,
        target: 'cell',
        flights: state.flights + 1,
        shown: { path: action.path, entry: action.entry },
      };
    case 'unshow': {
      const entry = state.shown?.entry;
      if (!state.shown || !entry || (action.id !== undefined && entry.id !== action.id)) return state;
      return { ...state, shown: { path: state.shown.path, entry: null } };
    }
    case 'read-again':
      return state.shown === null ? state : { ...state, shown: null };
    case 'route': {
      if (action.path === state.path) return state;
      // A new address (back, forward, a lookup) ends a history entry, except the one it was opened for.
      const shown = state.shown?.path === action.path ? state.shown : null;
      const target = parseRoute(action.path).name === 'cell' ? 'cell' : state.target;
      return { ...state, path: action.path, shown, target };
    }
    case 'draw':
      return { ...state, ...action.drawing };
    case 'view':
      return { ...state, view: action.view };
    case 'area':
      return { ...state, area: action.area };
    case 'forget':
      return { ...state, ...NOTHING_DRAWN, shown: null, target: 'phone' };
  }
}

export type MapFocusStore = ReturnType<typeof createMapFocus>;

export function createMapFocus(path: string, search: string) {
  const store = createStore(initialMapFocus(path, search));
  const dispatch = (action: MapFocusAction) => store.set(reduceMapFocus(store.get(), action));
  return {
    get: store.get,
    subscribe: store.subscribe,
    dispatch,
    /** Hands the map what it draws: the layers named, each replaced whole. */
    draw(drawing: Partial<MapDrawing>): void {
      dispatch({ type: 'draw', drawing });
    },
    show(entry: ShownEntry): void {
      const entryPath = cellPath(entry.cell);
      dispatch({ type: 'show', entry, path: entryPath });
      navigate(entryPath);
    },
    /** Forgets what was shown for the tab's user: the map's drawing, an answer from the history, the cell named
     *  in the address (replaced, so Back does not name it either). */
    forget(): void {
      dispatch({ type: 'forget' });
      if (parseRoute(currentPath()).name !== 'home') navigate('/', { replace: true });
    },
    /**
     * Looks a cell up: the cell panel reads it from the address, and the map flies to it. Given the read it
     * started, the address bar is written once its answer is painted (see navigate).
     */
    openCell(id: CellId, hints?: CellHints, reading?: Promise<unknown>): void {
      dispatch({ type: 'look-up' });
      navigate(cellPath(id, hints), { reading });
    },
  };
}

/** Where the map should fly now; undefined keeps it where it is (a shared link's view, until a command). */
export function flyTarget(
  focus: Pick<MapFocus, 'target' | 'flights' | 'initialView'>,
  phone: { lat: number; lon: number } | undefined,
  cell: Cell | undefined,
): FlyTarget | undefined {
  if (focus.initialView && focus.flights === 0) return undefined;
  if (focus.target === 'phone') return phone && { ...phone, token: `phone ${focus.flights}` };
  return cell && { ...cell.position, token: `cell ${cellLabel(cell)} ${focus.flights}` };
}
