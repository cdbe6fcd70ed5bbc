import type { AnswerRow, CacheLifetimes, CellCache } from '../cell-cache-port';
import { COLUMNS, notFoundValues, PRUNE_EVERY, toAnswer } from '../cell-cache-port';
import type { Async } from './async';
import type { Database } from './database';

/** The live sources' answers (store/cell-cache.ts), shared by every replica. */
export function createCellCache(db: Database, lifetimes: CacheLifetimes): Async<CellCache> {
  const { foundSeconds, notFoundSeconds } = lifetimes;
  let puts = 0;

  const cache: Async<CellCache> = {
    async get(source, question, now) {
      if (foundSeconds === 0) return undefined;
      const lac = question.lac ?? null;
      const radio = question.radio ?? null;
      const found = await db.one<AnswerRow>(
        'cache-found',
        `SELECT ${COLUMNS} FROM cell_answers
         WHERE source = $1 AND mcc = $2 AND mnc = $3 AND cellid = $4 AND found AND asked_at > $5
           AND ($6::bigint IS NULL OR lac = $6) AND ($7::text IS NULL OR radio = $7 OR radio = '')
         ORDER BY asked_at DESC LIMIT 1`,
        [source, question.mcc, question.mnc, question.cellid, now - foundSeconds, lac, radio],
      );
      if (found !== undefined) return toAnswer(found);
      return toAnswer(
        await db.one<AnswerRow>(
          'cache-not-found',
          `SELECT ${COLUMNS} FROM cell_answers
           WHERE source = $1 AND mcc = $2 AND mnc = $3 AND cellid = $4 AND lac = $5 AND radio = $6 AND NOT found
             AND asked_at > $7`,
          notFoundValues(source, question, now - notFoundSeconds),
        ),
      );
    },
    async put(source, key, answer) {
      if (foundSeconds === 0) return;
      await db.run(
        'cache-put',
        `INSERT INTO cell_answers
           (source, mcc, mnc, cellid, lac, radio, found, lat, lon, name, range, accuracy, samples, updated, asked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (source, mcc, mnc, cellid, lac, radio) DO UPDATE SET
           found = excluded.found, lat = excluded.lat, lon = excluded.lon, name = excluded.name,
           range = excluded.range, accuracy = excluded.accuracy, samples = excluded.samples,
           updated = excluded.updated, asked_at = excluded.asked_at`,
        [
          source,
          key.mcc,
          key.mnc,
          key.cellid,
          answer.lac,
          answer.radio,
          answer.found,
          answer.lat ?? null,
          answer.lon ?? null,
          answer.name ?? null,
          answer.range ?? null,
          answer.accuracy ?? null,
          answer.samples ?? null,
          answer.updated ?? null,
          answer.askedAt,
        ],
      );
      if (++puts % PRUNE_EVERY === 0) await cache.prune(answer.askedAt);
    },
    prune(now) {
      return db.run(
        'cache-prune',
        'DELETE FROM cell_answers WHERE (found AND asked_at <= $1) OR (NOT found AND asked_at <= $2)',
        [now - foundSeconds, now - notFoundSeconds],
      );
    },
  };
  return cache;
}
