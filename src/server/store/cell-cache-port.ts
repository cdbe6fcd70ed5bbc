import type { CellKey } from './records';

/** One live source's answer for a cell, as kept: found (with what the source said) or not. */
/** The `lac` of a "not found" for a question that named no LAC. */
export const NO_LAC = -1;

export interface CachedAnswer {
  found: boolean;
  /** The LAC the answer is for: the source's when found, the one asked when not (NO_LAC: none was). */
  lac: number;
  /** '' when neither the question nor the answer named one. */
  radio: string;
  lat?: number;
  lon?: number;
  name?: string;
  range?: number;
  accuracy?: number;
  samples?: number;
  updated?: number;
  /** Unix seconds: when the source was asked. */
  askedAt: number;
}

export interface CacheQuestion extends CellKey {
  lac?: number;
  radio?: string;
}

/**
 * The live sources' answers, kept in the database (`cell_answers`). A found cell answers a question that names no
 * LAC (the Cell resource is keyed by mcc/mnc/cellid) or the same LAC, and no radio, the same one or one the answer
 * did not know; a "not found" answers only the very question that was asked.
 */
export interface CellCache {
  get(source: string, question: CacheQuestion, now: number): CachedAnswer | undefined;
  /** Keeps an answer; throws (never waits) when the database cannot take it now: locked by another writer, full. */
  put(source: string, key: CellKey, answer: CachedAnswer): void;
  /** Deletes what is older than either lifetime; returns how many answers went. */
  prune(now: number): number;
}

export interface CacheLifetimes {
  /** Seconds a found cell is kept; 0 keeps nothing at all. */
  foundSeconds: number;
  notFoundSeconds: number;
}

/** An answer's row as either engine reads it: `found` is SQLite's 0 or 1, PostgreSQL's boolean. */
export interface AnswerRow {
  found: number | boolean;
  lac: number;
  radio: string;
  lat: number | null;
  lon: number | null;
  name: string | null;
  range: number | null;
  accuracy: number | null;
  samples: number | null;
  updated: number | null;
  asked_at: number;
}

export const COLUMNS = 'found, lac, radio, lat, lon, name, range, accuracy, samples, updated, asked_at';

export function toAnswer(row: AnswerRow | undefined): CachedAnswer | undefined {
  if (row === undefined) return undefined;
  const answer: CachedAnswer = {
    found: row.found === 1 || row.found === true,
    lac: row.lac,
    radio: row.radio,
    askedAt: row.asked_at,
  };
  for (const name of ['lat', 'lon', 'name', 'range', 'accuracy', 'samples', 'updated'] as const) {
    const value = row[name];
    if (value !== null) (answer as unknown as Record<string, unknown>)[name] = value;
  }
  return answer;
}

/** What a "not found" is looked up by, in both engines' order: source, mcc, mnc, cellid, lac, radio, asked after. */
export function notFoundValues(
  source: string,
  question: CacheQuestion,
  askedAfter: number,
): [string, number, number, number, number, string, number] {
  return [
    source,
    question.mcc,
    question.mnc,
    question.cellid,
    question.lac ?? NO_LAC,
    question.radio ?? '',
    askedAfter,
  ];
}

/** Puts are counted, and every so many the expired answers are deleted, so the table does not only grow. */
export const PRUNE_EVERY = 1000;
