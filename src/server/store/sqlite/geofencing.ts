import type Database from 'better-sqlite3';
import type { SinkSeal } from '../sink-seal';
import {
  claimedOf,
  dueValues,
  dueWhere,
  insideValue,
  SUBSCRIPTION_COLUMNS,
  subscriptionOf,
  subscriptionValues,
  type ClaimedRow,
  type SubscriptionRow,
} from '../geofence-rows';
import type { GeofenceStore, OutgoingEvent } from '../geofence-store';

type Db = Database.Database;

const PLACES = SUBSCRIPTION_COLUMNS.split(', ')
  .map(() => '?')
  .join(', ');
const LIVE = 'ended_at IS NULL';

function prepare(db: Db) {
  const rows = (where: string) =>
    db.prepare<unknown[], SubscriptionRow>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM geofence_subscriptions WHERE ${where} ORDER BY starts_at, id`,
    );
  return {
    add: db.prepare(`INSERT INTO geofence_subscriptions (${SUBSCRIPTION_COLUMNS}) VALUES (${PLACES})`),
    event: db.prepare<[string, string, string, number, number]>(
      `INSERT INTO geofence_events (id, subscription_id, body, created_at, next_at) VALUES (?, ?, ?, ?, ?)`,
    ),
    find: rows(`id = ? AND ${LIVE}`),
    list: rows(`client_id = ? AND ${LIVE}`),
    listOf: rows(`client_id = ? AND msisdn = ? AND ${LIVE}`),
    active: rows(LIVE),
    mayChange: db.prepare<[Record<string, unknown>], SubscriptionRow>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM geofence_subscriptions s WHERE ${dueWhere((name) => `@${name}`)}
       ORDER BY starts_at, id`,
    ),
    latestMove: db.prepare<[], { at: number | null }>('SELECT MAX(cell_since) AS at FROM users'),
    advance: db.prepare(
      `UPDATE geofence_subscriptions SET inside = @to, events_sent = events_sent + @counted,
         ended_at = CASE WHEN @end IS NULL THEN NULL ELSE @now END, ended_reason = @end
       WHERE id = @id AND ${LIVE} AND inside IS @from`,
    ),
    end: db.prepare<[number, string, string]>(
      `UPDATE geofence_subscriptions SET ended_at = ?, ended_reason = ? WHERE id = ? AND ${LIVE}`,
    ),
    due: db.prepare<[number, number, number], { seq: number }>(
      `SELECT e.seq FROM geofence_events e
       WHERE e.next_at <= ? AND (e.claimed_until IS NULL OR e.claimed_until <= ?)
         AND NOT EXISTS (SELECT 1 FROM geofence_events p WHERE p.subscription_id = e.subscription_id AND p.seq < e.seq)
       ORDER BY e.seq LIMIT ?`,
    ),
    claim: db.prepare<[number, number]>('UPDATE geofence_events SET claimed_until = ? WHERE seq = ?'),
    claimed: db.prepare<[number], ClaimedRow>(
      `SELECT e.id, e.subscription_id, e.body, e.created_at, e.attempts, s.sink, s.sink_token, s.sink_token_expires
       FROM geofence_events e JOIN geofence_subscriptions s ON s.id = e.subscription_id WHERE e.seq = ?`,
    ),
    delivered: db.prepare<[string]>('DELETE FROM geofence_events WHERE id = ?'),
    retry: db.prepare<[number, number, string]>(
      'UPDATE geofence_events SET attempts = ?, next_at = ?, claimed_until = NULL WHERE id = ?',
    ),
    abandon: db.prepare<[number, string, string]>(
      `UPDATE geofence_subscriptions SET ended_at = COALESCE(ended_at, ?), ended_reason = COALESCE(ended_reason, ?)
       WHERE id = ?`,
    ),
    drop: db.prepare<[string]>('DELETE FROM geofence_events WHERE subscription_id = ?'),
    prune: db.prepare<[number]>(
      `DELETE FROM geofence_subscriptions WHERE ended_at IS NOT NULL AND ended_at < ?
         AND NOT EXISTS (SELECT 1 FROM geofence_events e WHERE e.subscription_id = geofence_subscriptions.id)`,
    ),
  };
}

/** Geofencing subscriptions and their undelivered events in the SQLite database (one process holds it). */
export function createGeofenceSqlite(db: Db, seal: SinkSeal): GeofenceStore {
  const sql = prepare(db);
  const queue = (id: string, events: readonly OutgoingEvent[], now: number) => {
    for (const event of events) sql.event.run(event.id, id, event.body, now, now);
  };
  return {
    async add(subscription, events, now) {
      const values = await subscriptionValues(subscription, seal);
      db.transaction(() => {
        sql.add.run(...values);
        queue(subscription.id, events, now);
      })();
    },
    async find(id) {
      const row = sql.find.get(id);
      return row === undefined ? undefined : subscriptionOf(row);
    },
    async list(clientId, msisdn) {
      const found = msisdn === undefined ? sql.list.all(clientId) : sql.listOf.all(clientId, msisdn);
      return found.map(subscriptionOf);
    },
    async active() {
      return sql.active.all().map(subscriptionOf);
    },
    async due(query) {
      return sql.mayChange.all(dueValues(query)).map(subscriptionOf);
    },
    async latestMove() {
      return sql.latestMove.get()?.at ?? undefined;
    },
    async advance(id, change, now) {
      return db.transaction(() => {
        const changed = sql.advance.run({
          id,
          from: insideValue(change.from),
          to: insideValue(change.to),
          counted: change.counted,
          end: change.end ?? null,
          now,
        }).changes;
        if (changed === 0) return false;
        queue(id, change.events, now);
        return true;
      })();
    },
    async end(id, reason, events, now) {
      return db.transaction(() => {
        if (sql.end.run(now, reason, id).changes === 0) return false;
        queue(id, events, now);
        return true;
      })();
    },
    async claimEvents(now, leaseMs, limit) {
      const rows = db.transaction(() =>
        sql.due.all(now, now, limit).map(({ seq }) => {
          sql.claim.run(now + leaseMs, seq);
          return sql.claimed.get(seq);
        }),
      )();
      return Promise.all(
        rows.filter((row): row is ClaimedRow => row !== undefined).map((row) => claimedOf(row, seal)),
      );
    },
    async delivered(eventId) {
      sql.delivered.run(eventId);
    },
    async retryLater(eventId, attempts, nextAt) {
      sql.retry.run(attempts, nextAt, eventId);
    },
    async abandon(subscriptionId, reason, now) {
      db.transaction(() => {
        sql.abandon.run(now, reason, subscriptionId);
        sql.drop.run(subscriptionId);
      })();
    },
    async prune(before) {
      return sql.prune.run(before).changes;
    },
  };
}

/** SQLite's tables for geofencing (store/schema.ts runs it as a migration). */
export const GEOFENCE_TABLES_SQLITE = `
CREATE TABLE geofence_subscriptions (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  purpose TEXT NOT NULL,
  msisdn TEXT NOT NULL,
  phone_number TEXT,
  type TEXT NOT NULL,
  sink TEXT NOT NULL,
  sink_token TEXT,
  sink_token_expires INTEGER,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  radius REAL NOT NULL,
  starts_at INTEGER NOT NULL,
  expires_at INTEGER,
  max_events INTEGER,
  initial_event INTEGER,
  events_sent INTEGER NOT NULL DEFAULT 0,
  inside INTEGER,
  ended_at INTEGER,
  ended_reason TEXT
);
CREATE INDEX geofence_subscriptions_client ON geofence_subscriptions (client_id, msisdn);
CREATE INDEX geofence_subscriptions_live ON geofence_subscriptions (ended_at);
CREATE TABLE geofence_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  subscription_id TEXT NOT NULL REFERENCES geofence_subscriptions (id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  claimed_until INTEGER
);
CREATE INDEX geofence_events_subscription ON geofence_events (subscription_id, seq);
CREATE INDEX geofence_events_due ON geofence_events (next_at);
`;
