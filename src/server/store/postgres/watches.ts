import type { Database } from '../../store/postgres/database';
import {
  toWatch,
  toWatchEvent,
  WATCH_COLUMNS,
  watchValues,
  type WatchEventRow,
  type WatchRow,
  type WatchStore,
} from '../watch-store';

const INSERT = `INSERT INTO camara_watches (${WATCH_COLUMNS.join(', ')})
  VALUES (${WATCH_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;

/**
 * The watches in PostgreSQL (migration 009-camara-watches), shared by every replica: a claim is one UPDATE whose
 * condition is rechecked on the row as another replica left it, so one replica polls a consent at a time; an event
 * delivered twice (to two replicas) is kept once by its primary key.
 */
export function createWatchStore(db: Database): WatchStore {
  const row = async (name: string, text: string, values: unknown[]) => {
    const found = await db.one<WatchRow>(name, text, values);
    return found === undefined ? undefined : toWatch(found);
  };
  return {
    add: async (watch) => void (await db.run('watch-add', INSERT, watchValues(watch))),
    get: (id) => row('watch-get', 'SELECT * FROM camara_watches WHERE id = $1', [id]),
    bySink: (hash) => row('watch-by-sink', 'SELECT * FROM camara_watches WHERE sink_hash = $1', [hash]),
    list: async (userId) =>
      (
        await db.query<WatchRow>(
          'watch-list',
          'SELECT * FROM camara_watches WHERE user_id = $1 ORDER BY created_at DESC, id',
          [userId],
        )
      ).map(toWatch),
    async setConsent(id, step, now) {
      await db.run(
        'watch-consent',
        `UPDATE camara_watches SET auth_req_id = $1, consent_expires_at = $2, interval_s = $3, next_poll_at = $4,
           busy_until = NULL, updated_at = $5 WHERE id = $6 AND state = 'consent'`,
        [step.authReqId, step.consentExpiresAt, step.intervalS, step.nextPollAt, now, id],
      );
    },
    claim: async (id, now, until) =>
      (await db.run(
        'watch-claim',
        `UPDATE camara_watches SET busy_until = $1, updated_at = $2
         WHERE id = $3 AND state = 'consent' AND COALESCE(busy_until, 0) <= $2`,
        [until, now, id],
      )) === 1,
    arm: async (id, hash, now, until) =>
      (await db.run(
        'watch-arm',
        `UPDATE camara_watches SET sink_hash = $1, state = 'subscribing', busy_until = $2, updated_at = $3
         WHERE id = $4 AND state = 'consent'`,
        [hash, until, now, id],
      )) === 1,
    async subscribed(id, subscriptionId, state, now) {
      await db.run(
        'watch-subscribed',
        `UPDATE camara_watches SET subscription_id = COALESCE($1, subscription_id), busy_until = NULL, updated_at = $2,
           state = CASE WHEN $3 = 'active' OR state = 'consent' THEN $3 ELSE state END
         WHERE id = $4 AND state <> 'ended'`,
        [subscriptionId, now, state, id],
      );
    },
    end: async (id, reason, now, detail) =>
      (await db.run(
        'watch-end',
        `UPDATE camara_watches SET state = 'ended', end_reason = $1, end_detail = $4, busy_until = NULL,
           updated_at = $2 WHERE id = $3 AND state <> 'ended'`,
        [reason, now, id, detail ?? null],
      )) === 1,
    addEvent: async (e) =>
      (await db.run(
        'watch-add-event',
        `INSERT INTO camara_watch_events (watch_id, event_id, kind, time, received_at, reason)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [e.watchId, e.eventId, e.kind, e.time, e.receivedAt, e.reason],
      )) === 1,
    events: async (watchId, limit) =>
      (
        await db.query<WatchEventRow>(
          'watch-events',
          `SELECT * FROM camara_watch_events WHERE watch_id = $1
           ORDER BY time DESC, received_at DESC LIMIT $2`,
          [watchId, limit],
        )
      ).map(toWatchEvent),
  };
}
