import { redact } from '../../platform/net/safe-text';
import type { Forwarded } from './forwarded';
import { NO_LAC, type CachedAnswer, type CellCache } from '../../store/cell-cache-port';
import type { EitherWay } from '../../platform/maybe';
import {
  missingFields,
  type CellQuestion,
  type CellSource,
  type SourceFailure,
  type SourceName,
  type SourcedCell,
  type SourceResult,
  type SourcesBudget,
} from './cell-source';
import { badField } from './answer-check';
import { Abandoned } from './source-http';

/** What the sources said about one cell, all asked in order. */
export type Lookup =
  | { kind: 'found'; source: SourceName; cell: SourcedCell & { name: string }; ageSeconds?: number }
  | { kind: 'final'; forwarded: Forwarded }
  /** No source knows the cell; `needs` names what sources that were not asked needed. */
  | { kind: 'not-found'; needs: ReadonlyArray<'lac' | 'radio'>; needers: SourceName[] }
  | {
      kind: 'failed';
      /** `budget`: the asking service key's requests to the live sources are used up for now. */
      failure: SourceFailure | 'budget';
      retryAfterSeconds?: number;
      sources: SourceName[];
      /** An unreadable answer: the field of it that could not be used. */
      field?: string;
    };

export type CellLookup = (question: CellQuestion, signal: AbortSignal) => Promise<Lookup>;

export interface LookupSettings {
  sources: readonly CellSource[];
  /** Where live answers are kept (now, or later with PostgreSQL); none keeps nothing. */
  cache?: EitherWay<CellCache>;
  /** The service's log: a source that fails is written here for the service's operator. */
  log: (line: string) => void;
  /** The name of the nearest town, for a source that gives none. */
  nameOf: (lat: number, lon: number) => string;
  /** The service keys' budget at the live sources; none: not limited. */
  budget?: SourcesBudget;
  /** Values that never go into a log line (the sources' keys). */
  secrets?: readonly string[];
  now?: () => number;
}

/* When sources fail in different ways, the answer names the one a person can act on first: wait (a limit, with
   its time), try again (down, slow, garbled), or tell the service's operator (misconfigured). */
const FAILURE_ORDER: ReadonlyArray<SourceFailure | 'budget'> = [
  'budget',
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

interface Failure {
  source: SourceName;
  failure: SourceFailure | 'budget';
  retryAfterSeconds?: number;
  field?: string;
}

/** What the sources asked so far said without answering. */
interface Tally {
  needs: Set<'lac' | 'radio'>;
  needers: SourceName[];
  failures: Failure[];
}

const cellText = (q: CellQuestion): string =>
  `${q.asked.mcc}/${q.asked.mnc}/${q.asked.cellid}${q.lac === undefined ? '' : ` lac ${q.lac}`}`;

/**
 * A live source's kept answer: found, known not to be there (skip it), or not kept (ask it). Live sources are asked
 * with a LAC, and their kept answers say only what they said for that LAC: a question without one is never answered
 * from them (it would take whichever LAC anyone asked last). A kept answer that breaks the rules of a fresh one (kept
 * by an older version) is not used: the source is asked again, and its answer replaces it.
 */
async function keptAnswer(
  source: CellSource,
  question: CellQuestion,
  seconds: number,
  settings: LookupSettings,
): Promise<Lookup | 'skip' | undefined> {
  if (!source.live || settings.cache === undefined || question.lac === undefined) return undefined;
  const kept = await settings.cache.get(
    source.name,
    { ...question.key, lac: question.lac, radio: question.radio },
    seconds,
  );
  if (kept === undefined) return undefined;
  if (!kept.found) return 'skip';
  const cell = fromCache(kept, settings.nameOf);
  const bad = badField(cell, question, seconds);
  if (bad !== undefined) {
    settings.log(
      `cell cache: ${source.name}'s kept answer for ${cellText(question)} is refused (its ${bad.field} ${bad.rule}); asking again`,
    );
    return undefined;
  }
  return { kind: 'found', source: source.name, cell, ageSeconds: seconds - kept.askedAt };
}

/**
 * Keeps a live answer without waiting for it: a write that fails (the database locked, full or away) is logged, and
 * the answer given all the same.
 */
function keep(settings: LookupSettings, ...[source, key, answer]: Parameters<CellCache['put']>): void {
  const failed = (error: unknown): void =>
    settings.log(`cell cache: keeping ${source}'s answer failed: ${(error as Error).message}`);
  try {
    const putting = settings.cache?.put(source, key, answer);
    if (putting instanceof Promise) putting.catch(failed);
  } catch (error) {
    failed(error);
  }
}

/** The end of the lookup when no source answered: the failure a person can act on first, else not found. */
function concluded({ needs, needers, failures }: Tally): Lookup {
  if (failures.length === 0) return { kind: 'not-found', needs: [...needs], needers };
  const failure = FAILURE_ORDER.find((kind) => failures.some((f) => f.failure === kind)) ?? 'unavailable';
  const waits = failures.flatMap((f) =>
    f.failure === failure && f.retryAfterSeconds !== undefined ? [f.retryAfterSeconds] : [],
  );
  const field = failures.find((f) => f.failure === failure && f.field !== undefined)?.field;
  return {
    kind: 'failed',
    failure,
    ...(waits.length > 0 && { retryAfterSeconds: Math.min(...waits) }),
    sources: failures.filter((f) => f.failure === failure).map((f) => f.source),
    ...(field !== undefined && { field }),
  };
}

/** Notes a failed source: in the tally, in the log (for the service's operator), and its limit's wait. */
function noteFailure(
  { settings, blockedUntil }: { settings: LookupSettings; blockedUntil: Map<SourceName, number> },
  source: SourceName,
  result: SourceResult & { kind: 'failed' },
  { question, at, tally }: { question: CellQuestion; at: number; tally: Tally },
): void {
  const wait = result.retryAfterSeconds;
  const limited = result.failure === 'limit' && wait !== undefined;
  if (limited) blockedUntil.set(source, at + wait * 1000);
  const until = limited ? `; not asked again for ${wait} s` : '';
  const line = `cell source ${source} ${result.failure}: ${result.detail}${until} (${cellText(question)})`;
  settings.log(redact(line, settings.secrets ?? []));
  tally.failures.push({
    source,
    failure: result.failure,
    ...(wait !== undefined && { retryAfterSeconds: wait }),
    ...(result.field !== undefined && { field: result.field }),
  });
}

/**
 * A live source's found cell, checked before it is used or kept (answer-check.ts): a bad answer is an unreadable
 * one, naming the field. The service's own data (the store, the operator) is checked where it is written and
 * encoded (a value no answer may carry is a 500 that names the field, for the service's operator to correct).
 */
function checked(
  result: SourceResult & { kind: 'found' },
  question: CellQuestion,
  seconds: number,
): SourceResult {
  const bad = badField(result.cell, question, seconds);
  if (bad === undefined) return result;
  const detail = `its ${bad.field} ${bad.rule}`;
  return { kind: 'failed', failure: 'unreadable', detail, field: bad.field };
}

/**
 * Asks the sources in their order and answers from the first that knows the cell. A live source's answer (found,
 * or not found) is kept in the cache and taken from it while fresh; a live source that has reached its limit is
 * not asked again until the limit's time has passed. Failures are logged, never shown with their details.
 */
export function createCellLookup(settings: LookupSettings): CellLookup {
  const now = settings.now ?? Date.now;
  const blockedUntil = new Map<SourceName, number>();

  /** One source's say: the lookup's end, or undefined to go on to the next (noted in the tally). */
  async function fromSource(
    source: CellSource,
    question: CellQuestion,
    signal: AbortSignal,
    tally: Tally,
  ): Promise<Lookup | undefined> {
    const at = now();
    const seconds = Math.floor(at / 1000);
    const kept = await keptAnswer(source, question, seconds, settings);
    if (kept !== undefined) return kept === 'skip' ? undefined : kept;
    const blocked = blockedUntil.get(source.name);
    if (blocked !== undefined && blocked > at) {
      const retryAfterSeconds = Math.ceil((blocked - at) / 1000);
      tally.failures.push({ source: source.name, failure: 'limit', retryAfterSeconds });
      return undefined;
    }
    // Charged only for a request the source will make: one that lacks what it needs is not made.
    const asking = source.live && missingFields(source.needs, question).length === 0;
    const payer = asking ? question.serviceKey : undefined;
    const spent = payer === undefined ? undefined : await settings.budget?.spend(payer);
    if (spent?.ok === false) {
      tally.failures.push({
        source: source.name,
        failure: 'budget',
        retryAfterSeconds: spent.retryAfterSeconds,
      });
      return undefined;
    }
    const asked = await source.ask(question, signal);
    const result = source.live && asked.kind === 'found' ? checked(asked, question, seconds) : asked;
    switch (result.kind) {
      case 'final':
        return result;
      case 'found': {
        const { cell: found } = result;
        const cell = { ...found, name: found.name ?? settings.nameOf(found.lat, found.lon) };
        if (source.live) keep(settings, source.name, question.key, toCache(cell, seconds));
        return { kind: 'found', source: source.name, cell };
      }
      case 'not-found':
        if (source.live) {
          const lac = question.lac ?? NO_LAC;
          const radio = question.radio ?? '';
          keep(settings, source.name, question.key, { found: false, lac, radio, askedAt: seconds });
        }
        return undefined;
      case 'needs':
        result.fields.forEach((field) => tally.needs.add(field));
        tally.needers.push(source.name);
        return undefined;
      case 'failed':
        noteFailure({ settings, blockedUntil }, source.name, result, { question, at, tally });
        return undefined;
    }
  }

  return async (question, signal) => {
    const tally: Tally = { needs: new Set(), needers: [], failures: [] };
    try {
      for (const source of settings.sources) {
        const answer = await fromSource(source, question, signal, tally);
        if (answer !== undefined) return answer;
      }
    } catch (error) {
      if (error instanceof Abandoned) return { kind: 'failed', failure: 'timeout', sources: [] };
      throw error;
    }
    return concluded(tally);
  };
}
