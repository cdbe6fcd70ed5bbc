import type { Forwarded } from '../proxy/forward';
import { NO_LAC, type CachedAnswer, type CellCache } from '../store/cell-cache';
import type { EitherWay } from '../store/service-store';
import type {
  CellQuestion,
  CellSource,
  SourceFailure,
  SourceName,
  SourcedCell,
  SourceResult,
} from './cell-source';
import { Abandoned } from './source-http';

/** What the sources said about one cell, all asked in order. */
export type Lookup =
  | { kind: 'found'; source: SourceName; cell: SourcedCell & { name: string }; ageSeconds?: number }
  | { kind: 'final'; forwarded: Forwarded }
  /** No source knows the cell; `needs` names what sources that were not asked needed. */
  | { kind: 'not-found'; needs: ReadonlyArray<'lac' | 'radio'>; needers: SourceName[] }
  | { kind: 'failed'; failure: SourceFailure; retryAfterSeconds?: number; sources: SourceName[] };

export type CellLookup = (question: CellQuestion, signal: AbortSignal) => Promise<Lookup>;

export interface LookupSettings {
  sources: readonly CellSource[];
  /** Where live answers are kept; none keeps nothing. */
  cache?: EitherWay<CellCache>;
  /** The service's log: a source that fails is written here for the service's operator. */
  log: (line: string) => void;
  /** The name of the nearest town, for a source that gives none. */
  nameOf: (lat: number, lon: number) => string;
  /** Values that never go into a log line (the sources' keys). */
  secrets?: readonly string[];
  now?: () => number;
}

/* When sources fail in different ways, the answer names the one a person can act on first: wait (a limit, with
   its time), try again (down, slow, garbled), or tell the service's operator (misconfigured). */
const FAILURE_ORDER: readonly SourceFailure[] = [
  'limit',
  'timeout',
  'unavailable',
  'unreadable',
  'misconfigured',
];

function fromCache(answer: CachedAnswer, nameOf: LookupSettings['nameOf']): SourcedCell & { name: string } {
  const lat = answer.lat ?? 0;
  const lon = answer.lon ?? 0;
  return {
    lat,
    lon,
    lac: answer.lac,
    name: answer.name ?? nameOf(lat, lon),
    ...(answer.radio !== '' && { radio: answer.radio }),
    ...(answer.range !== undefined && { rangeMeters: answer.range }),
    ...(answer.accuracy !== undefined && { accuracyMeters: answer.accuracy }),
    ...(answer.samples !== undefined && { samples: answer.samples }),
    ...(answer.updated !== undefined && { updated: answer.updated }),
  };
}

function toCache(cell: SourcedCell & { name: string }, askedAt: number): CachedAnswer {
  return {
    found: true,
    lac: cell.lac,
    radio: cell.radio ?? '',
    lat: cell.lat,
    lon: cell.lon,
    name: cell.name,
    ...(cell.rangeMeters !== undefined && { range: cell.rangeMeters }),
    ...(cell.accuracyMeters !== undefined && { accuracy: cell.accuracyMeters }),
    ...(cell.samples !== undefined && { samples: cell.samples }),
    ...(cell.updated !== undefined && { updated: cell.updated }),
    askedAt,
  };
}

/**
 * Asks the sources in their order and answers from the first that knows the cell. A live source's answer (found,
 * or not found) is kept in the cache and taken from it while fresh; a live source that has reached its limit is
 * not asked again until the limit's time has passed. Failures are logged, never shown with their details.
 */
export function createCellLookup(settings: LookupSettings): CellLookup {
  const now = settings.now ?? Date.now;
  const blockedUntil = new Map<SourceName, number>();
  const redact = (text: string): string =>
    (settings.secrets ?? []).reduce(
      (line, secret) => (secret === '' ? line : line.split(secret).join('•••')),
      text,
    );
  // The answer does not wait for it to be kept; a write that fails is logged, and the answer given all the same.
  const keep: CellCache['put'] = (source, key, answer) => {
    const failed = (error: unknown): void =>
      settings.log(`cell cache: keeping ${source}'s answer failed: ${(error as Error).message}`);
    try {
      const putting = settings.cache?.put(source, key, answer);
      if (putting instanceof Promise) putting.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
  const cellText = (q: CellQuestion): string =>
    `${q.asked.mcc}/${q.asked.mnc}/${q.asked.cellid}${q.lac === undefined ? '' : ` lac ${q.lac}`}`;

  return async (question, signal) => {
    const needs = new Set<'lac' | 'radio'>();
    const needers: SourceName[] = [];
    const failures: Array<{ source: SourceName; failure: SourceFailure; retryAfterSeconds?: number }> = [];
    for (const source of settings.sources) {
      const at = now();
      const seconds = Math.floor(at / 1000);
      if (source.live && settings.cache !== undefined) {
        const kept = await settings.cache.get(
          source.name,
          { ...question.key, lac: question.lac, radio: question.radio },
          seconds,
        );
        if (kept?.found === true) {
          return {
            kind: 'found',
            source: source.name,
            cell: fromCache(kept, settings.nameOf),
            ageSeconds: seconds - kept.askedAt,
          };
        }
        if (kept !== undefined) continue;
      }
      const blocked = blockedUntil.get(source.name);
      if (blocked !== undefined && blocked > at) {
        failures.push({
          source: source.name,
          failure: 'limit',
          retryAfterSeconds: Math.ceil((blocked - at) / 1000),
        });
        continue;
      }
      let result: SourceResult;
      try {
        result = await source.ask(question, signal);
      } catch (error) {
        if (error instanceof Abandoned) return { kind: 'failed', failure: 'timeout', sources: [] };
        throw error;
      }
      switch (result.kind) {
        case 'final':
          return result;
        case 'found': {
          const cell = {
            ...result.cell,
            name: result.cell.name ?? settings.nameOf(result.cell.lat, result.cell.lon),
          };
          if (source.live) keep(source.name, question.key, toCache(cell, seconds));
          return { kind: 'found', source: source.name, cell };
        }
        case 'not-found':
          if (source.live) {
            keep(source.name, question.key, {
              found: false,
              lac: question.lac ?? NO_LAC,
              radio: question.radio ?? '',
              askedAt: seconds,
            });
          }
          break;
        case 'needs':
          result.fields.forEach((field) => needs.add(field));
          needers.push(source.name);
          break;
        case 'failed': {
          const wait = result.retryAfterSeconds;
          if (result.failure === 'limit' && wait !== undefined)
            blockedUntil.set(source.name, at + wait * 1000);
          const until =
            result.failure === 'limit' && wait !== undefined ? `; not asked again for ${wait} s` : '';
          settings.log(
            redact(
              `cell source ${source.name} ${result.failure}: ${result.detail}${until} (${cellText(question)})`,
            ),
          );
          failures.push({
            source: source.name,
            failure: result.failure,
            ...(wait !== undefined && { retryAfterSeconds: wait }),
          });
          break;
        }
      }
    }
    if (failures.length > 0) {
      const failure = FAILURE_ORDER.find((kind) => failures.some((f) => f.failure === kind)) ?? 'unavailable';
      const waits = failures.flatMap((f) =>
        f.failure === failure && f.retryAfterSeconds !== undefined ? [f.retryAfterSeconds] : [],
      );
      return {
        kind: 'failed',
        failure,
        ...(waits.length > 0 && { retryAfterSeconds: Math.min(...waits) }),
        sources: failures.filter((f) => f.failure === failure).map((f) => f.source),
      };
    }
    return { kind: 'not-found', needs: [...needs], needers };
  };
}
