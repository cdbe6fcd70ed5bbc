import type Database from 'better-sqlite3';
import {
  toWatch,
  toWatchEvent,
  WATCH_COLUMNS,
  watchValues,
  type WatchEventRow,
  type WatchRow,
  type WatchStore,
} from '../watch-store';

type Db = Database.Database;

/** The watches' tables, as their migration (store/schema.ts) made them: never edited, a later change is a new one. */
export const WATCH_TABLES = `
  CREATE TABLE camara_watches (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    msisdn TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('arrive', 'leave')),
    lat REAL NOT NULL,
    lon REAL NOT NULL,
    radius_m INTEGER NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('consent', 'subscribing', 'active', 'ended')),
    end_reason TEXT,
    end_detail TEXT,
    auth_req_id TEXT,
    consent_expires_at INTEGER,
    interval_s INTEGER,
    next_poll_at INTEGER,
    busy_until INTEGER,
    subscription_id TEXT,
    sink_hash TEXT NOT NULL UNIQUE,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX camara_watches_user ON camara_watches(user_id, created_at);
  CREATE TABLE camara_watch_events (
    watch_id TEXT NOT NULL REFERENCES camara_watches(id) ON DELETE CASCADE,
    event_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    time INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    reason TEXT,
    PRIMARY KEY (watch_id, event_id)
  ) WITHOUT ROWID;
  CREATE INDEX camara_watch_events_time ON camara_watch_events(watch_id, time);
`;

const INSERT = `INSERT INTO camara_watches (${WATCH_COLUMNS.join(', ')})
  VALUES (${WATCH_COLUMNS.map(() => '?').join(', ')})`;

/** The watches in SQLite (one process: its statements run one at a time). */
export function createWatchStore(db: Db): WatchStore {
  const s = {
    insert: db.prepare(INSERT),
    get: db.prepare<[string], WatchRow>('SELECT * FROM camara_watches WHERE id = ?'),
    bySink: db.prepare<[string], WatchRow>('SELECT * FROM camara_watches WHERE sink_hash = ?'),
    list: db.prepare<[number], WatchRow>(
      'SELECT * FROM camara_watches WHERE user_id = ? ORDER BY created_at DESC, id',
    ),
    consent: db.prepare(
      `UPDATE camara_watches SET auth_req_id = ?, consent_expires_at = ?, interval_s = ?, next_poll_at = ?,
         busy_until = NULL, updated_at = ? WHERE id = ? AND state = 'consent'`,
    ),
    claim: db.prepare(
      `UPDATE camara_watches SET busy_until = ?, updated_at = ?
       WHERE id = ? AND state = 'consent' AND COALESCE(busy_until, 0) <= ?`,
    ),
    arm: db.prepare(
      `UPDATE camara_watches SET sink_hash = ?, state = 'subscribing', busy_until = ?, updated_at = ?
       WHERE id = ? AND state = 'consent'`,
    ),
    subscribed: db.prepare(
      `UPDATE camara_watches SET subscription_id = COALESCE(?, subscription_id), busy_until = NULL, updated_at = ?,
         state = CASE WHEN ? = 'active' OR state = 'consent' THEN ? ELSE state END
       WHERE id = ? AND state <> 'ended'`,
    ),
    end: db.prepare(
      `UPDATE camara_watches SET state = 'ended', end_reason = ?, end_detail = ?, busy_until = NULL, updated_at = ?
       WHERE id = ? AND state <> 'ended'`,
    ),
    addEvent: db.prepare(
      `INSERT INTO camara_watch_events (watch_id, event_id, kind, time, received_at, reason)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    events: db.prepare<[string, number], WatchEventRow>(
      'SELECT * FROM camara_watch_events WHERE watch_id = ? ORDER BY time DESC, received_at DESC LIMIT ?',
    ),
  };
  return {
    add: async (watch) => void s.insert.run(...watchValues(watch)),
    get: async (id) => {
      const row = s.get.get(id);
      return row === undefined ? undefined : toWatch(row);
    },
    bySink: async (hash) => {
      const row = s.bySink.get(hash);
      return row === undefined ? undefined : toWatch(row);
    },
    list: async (userId) => s.list.all(userId).map(toWatch),
    setConsent: async (id, step, now) =>
      void s.consent.run(step.authReqId, step.consentExpiresAt, step.intervalS, step.nextPollAt, now, id),
    claim: async (id, now, until) => s.claim.run(until, now, id, now).changes === 1,
    arm: async (id, hash, now, until) => s.arm.run(hash, until, now, id).changes === 1,
    subscribed: async (id, subscriptionId, state, now) =>
      void s.subscribed.run(subscriptionId, now, state, state, id),
    end: async (id, reason, now, detail) => s.end.run(reason, detail ?? null, now, id).changes === 1,
    addEvent: async (e) =>
      s.addEvent.run(e.watchId, e.eventId, e.kind, e.time, e.receivedAt, e.reason).changes === 1,
    events: async (watchId, limit) => s.events.all(watchId, limit).map(toWatchEvent),
  };
}
