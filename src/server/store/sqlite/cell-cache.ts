import type Database from 'better-sqlite3';
import type { CellKey } from '../records';
import {
  COLUMNS,
  notFoundValues,
  PRUNE_EVERY,
  toAnswer,
  type AnswerRow,
  type CachedAnswer,
  type CacheLifetimes,
  type CellCache,
} from '../cell-cache-port';

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
