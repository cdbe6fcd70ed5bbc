import type Database from 'better-sqlite3';
import type { CellKey } from '../records';

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

function statements(db: Database.Database) {
  return {
    found: db.prepare<
      [string, number, number, number, number, number | null, number | null, string | null, string | null],
      AnswerRow
    >(
      `SELECT ${COLUMNS} FROM cell_answers
       WHERE source = ? AND mcc = ? AND mnc = ? AND cellid = ? AND found = 1 AND asked_at > ?
         AND (? IS NULL OR lac = ?) AND (? IS NULL OR radio = ? OR radio = '')
       ORDER BY asked_at DESC LIMIT 1`,
    ),
    notFound: db.prepare<[string, number, number, number, number, string, number], AnswerRow>(
      `SELECT ${COLUMNS} FROM cell_answers
       WHERE source = ? AND mcc = ? AND mnc = ? AND cellid = ? AND lac = ? AND radio = ? AND found = 0
         AND asked_at > ?`,
    ),
    put: db.prepare(
      `INSERT OR REPLACE INTO cell_answers
         (source, mcc, mnc, cellid, lac, radio, found, lat, lon, name, range, accuracy, samples, updated, asked_at)
       VALUES (@source, @mcc, @mnc, @cellid, @lac, @radio, @found, @lat, @lon, @name, @range, @accuracy, @samples,
         @updated, @askedAt)`,
    ),
    prune: db.prepare<[number, number]>(
      'DELETE FROM cell_answers WHERE (found = 1 AND asked_at <= ?) OR (found = 0 AND asked_at <= ?)',
    ),
  };
}

/** An answer as its row: absent facts are NULL. */
function toRow(source: string, key: CellKey, answer: CachedAnswer) {
  return {
    source,
    mcc: key.mcc,
    mnc: key.mnc,
    cellid: key.cellid,
    lac: answer.lac,
    radio: answer.radio,
    found: answer.found ? 1 : 0,
    lat: answer.lat ?? null,
    lon: answer.lon ?? null,
    name: answer.name ?? null,
    range: answer.range ?? null,
    accuracy: answer.accuracy ?? null,
    samples: answer.samples ?? null,
    updated: answer.updated ?? null,
    askedAt: answer.askedAt,
  };
}

export function createCellCache(db: Database.Database, lifetimes: CacheLifetimes): CellCache {
  const q = statements(db);
  const { foundSeconds, notFoundSeconds } = lifetimes;
  let puts = 0;

  const cache: CellCache = {
    get(source, question, now) {
      if (foundSeconds === 0) return undefined;
      const lac = question.lac ?? null;
      const radio = question.radio ?? null;
      const found = q.found.get(
        source,
        question.mcc,
        question.mnc,
        question.cellid,
        now - foundSeconds,
        lac,
        lac,
        radio,
        radio,
      );
      if (found !== undefined) return toAnswer(found);
      return toAnswer(q.notFound.get(...notFoundValues(source, question, now - notFoundSeconds)));
    },
    put(source, key, answer) {
      if (foundSeconds === 0) return;
      // Never waits for another writer (an import, the admin): the event loop would stop for the busy timeout. The
      // caller logs the failure and answers all the same; the cell is kept the next time it is asked.
      const waits = db.pragma('busy_timeout', { simple: true }) as number;
      db.pragma('busy_timeout = 0');
      try {
        q.put.run(toRow(source, key, answer));
        if (++puts % PRUNE_EVERY === 0) cache.prune(answer.askedAt);
      } finally {
        db.pragma(`busy_timeout = ${waits}`);
      }
    },
    prune(now) {
      return q.prune.run(now - foundSeconds, now - notFoundSeconds).changes;
    },
  };
  return cache;
}
