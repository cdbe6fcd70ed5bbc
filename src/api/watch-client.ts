import type { Client, Request, RequestOptions } from './client-types';
import { malformed } from './errors';
import {
  WATCH_END_REASONS,
  type WatchEventKind,
  type WatchEventView,
  type WatchAsk,
  type WatchKind,
  type WatchState,
  type WatchView,
} from './watches';

export type { WatchAsk } from './watches';

/** A person's watches are a few kilobytes; this is far more than five watches of twenty events each. */
export const MAX_WATCHES_BODY_CHARS = 256 * 1024;

const KINDS: readonly WatchKind[] = ['arrive', 'leave'];
const STATES: readonly WatchState[] = ['consent', 'subscribing', 'active', 'ended'];
const EVENT_KINDS: readonly WatchEventKind[] = ['entered', 'left', 'started', 'updated', 'ended'];

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function oneOf<T extends string>(value: unknown, known: readonly T[], field: string): T {
  const found = known.find((one) => one === value);
  if (found === undefined) throw malformed(field, `must be one of ${known.join(', ')}`);
  return found;
}

function instant(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > 40 || Number.isNaN(Date.parse(value))) {
    throw malformed(field, 'must be a date and time');
  }
  return value;
}

function number(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !(value >= min && value <= max))
    throw malformed(field, `must be ${min}-${max}`);
  return value;
}

function decodeEvent(value: unknown): WatchEventView {
  if (!isTree(value) || typeof value.id !== 'string') throw malformed('events', 'must be events');
  return {
    id: value.id,
    kind: oneOf(value.kind, EVENT_KINDS, 'events.kind'),
    time: instant(value.time, 'events.time'),
    ...(typeof value.reason === 'string' && { reason: value.reason }),
  };
}

function metres(value: unknown): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** One watch as the service reports it, checked field by field. */
export function decodeWatch(value: unknown): WatchView {
  if (!isTree(value) || typeof value.id !== 'string' || !isTree(value.center))
    throw malformed('watch', 'not a watch');
  const state = oneOf(value.state, STATES, 'state');
  const endReason =
    value.endReason === undefined ? undefined : oneOf(value.endReason, WATCH_END_REASONS, 'endReason');
  const limits = isTree(value.limits)
    ? { minM: metres(value.limits.minM), maxM: metres(value.limits.maxM) }
    : undefined;
  if (!Array.isArray(value.events)) throw malformed('events', 'must be a list');
  return {
    id: value.id,
    kind: oneOf(value.kind, KINDS, 'kind'),
    center: {
      lat: number(value.center.lat, 'center.lat', -90, 90),
      lon: number(value.center.lon, 'center.lon', -180, 180),
    },
    radiusM: number(value.radiusM, 'radiusM', 1, 10_000_000),
    state,
    ...(endReason !== undefined && { endReason }),
    ...(limits !== undefined && { limits }),
    ...(value.consentUntil !== undefined && { consentUntil: instant(value.consentUntil, 'consentUntil') }),
    createdAt: instant(value.createdAt, 'createdAt'),
    expiresAt: instant(value.expiresAt, 'expiresAt'),
    events: value.events.map(decodeEvent),
  };
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw malformed('body', 'not JSON');
  }
}

export function decodeWatchList(body: string): WatchView[] {
  const tree = parse(body);
  if (!isTree(tree) || !Array.isArray(tree.watches)) throw malformed('watches', 'must be a list');
  return tree.watches.map(decodeWatch);
}

export function watchAskPath(ask: WatchAsk): string {
  const query = new URLSearchParams({
    lat: ask.center.lat.toFixed(6),
    lon: ask.center.lon.toFixed(6),
    radius: String(Math.round(ask.radiusM)),
    when: ask.kind,
  });
  return `/camara/watches?${query.toString()}`;
}

const json = (options: RequestOptions): RequestOptions => ({ ...options, format: 'json' });

/** "Watch my phone": list, start, stop, through the client's one request(); JSON. */
export function watchReads(request: Request): Pick<Client, 'getWatches' | 'startWatch' | 'stopWatch'> {
  return {
    getWatches: (keys, options = {}) =>
      request('/camara/watches', keys, decodeWatchList, json(options), MAX_WATCHES_BODY_CHARS),
    startWatch: (keys, ask, options = {}) =>
      request(watchAskPath(ask), keys, (body) => decodeWatch(parse(body)), json(options), undefined, {
        method: 'POST',
      }),
    stopWatch: (keys, id, options = {}) =>
      request(
        `/camara/watches/${encodeURIComponent(id)}`,
        keys,
        (body) => decodeWatch(parse(body)),
        json(options),
        undefined,
        {
          method: 'DELETE',
        },
      ),
  };
}
