import type { Database } from '../../store/postgres/database';
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

const PLACES = SUBSCRIPTION_COLUMNS.split(', ')
  .map((_, index) => `$${index + 1}`)
  .join(', ');
const LIVE = 'ended_at IS NULL';
const SELECT = `SELECT ${SUBSCRIPTION_COLUMNS} FROM geofence_subscriptions`;
const ORDER = 'ORDER BY starts_at, id';

/* Of each subscription its oldest waiting event, due and not claimed by a live lease; rows another replica is
   claiming this instant are skipped, not waited for. */
const CLAIM = `
WITH due AS (
  SELECT e.seq FROM geofence_events e
  WHERE e.next_at <= $1 AND (e.claimed_until IS NULL OR e.claimed_until <= $1)
    AND NOT EXISTS (SELECT 1 FROM geofence_events p WHERE p.subscription_id = e.subscription_id AND p.seq < e.seq)
  ORDER BY e.seq LIMIT $3
  FOR UPDATE OF e SKIP LOCKED
), claimed AS (
  UPDATE geofence_events e SET claimed_until = $2 FROM due WHERE e.seq = due.seq
  RETURNING e.seq, e.id, e.subscription_id, e.body, e.created_at, e.attempts
)
SELECT c.id, c.subscription_id, c.body, c.created_at, c.attempts, s.sink, s.sink_token, s.sink_token_expires
FROM claimed c JOIN geofence_subscriptions s ON s.id = c.subscription_id ORDER BY c.seq`;

/** dueWhere's parameters' types, where PostgreSQL cannot infer them. */
const CASTS: Record<string, string> = {
  movedAfter: '::bigint',
  now: '::bigint',
  tokenBy: '::bigint',
  entered: '::text',
};

/** What the engine reads after its first round (GeofenceStore.due, latestMove). */
function mayChange(db: Database): Pick<GeofenceStore, 'due' | 'latestMove'> {
  return {
    async due(query) {
      const values = dueValues(query);
      const names = Object.keys(values);
      const where = dueWhere((name) => `$${names.indexOf(name) + 1}${CASTS[name] ?? ''}`);
      const found = await db.query<SubscriptionRow>(
        'geofence-due',
        `SELECT ${SUBSCRIPTION_COLUMNS} FROM geofence_subscriptions s WHERE ${where} ${ORDER}`,
        Object.values(values),
      );
      return found.map(subscriptionOf);
    },
    async latestMove() {
      const [row] = await db.query<{ at: string | null }>(
        'geofence-latest-move',
        'SELECT MAX(cell_since) AS at FROM users',
        [],
      );
      return row?.at == null ? undefined : Number(row.at);
    },
  };
}

type Subscriptions = Omit<GeofenceStore, 'claimEvents' | 'delivered' | 'retryLater' | 'abandon' | 'prune'>;

function subscriptions(db: Database, seal: SinkSeal): Subscriptions {
  const queue = async (id: string, events: readonly OutgoingEvent[], now: number) => {
    for (const event of events) {
      await db.run(
        'geofence-event',
        'INSERT INTO geofence_events (id, subscription_id, body, created_at, next_at) VALUES ($1, $2, $3, $4, $4)',
        [event.id, id, event.body, now],
      );
    }
  };
  const rows = async (name: string, where: string, values: unknown[]) =>
    (await db.query<SubscriptionRow>(name, `${SELECT} WHERE ${where} ${ORDER}`, values)).map(subscriptionOf);
  return {
    async add(subscription, events, now) {
      const values = await subscriptionValues(subscription, seal);
      await db.transaction(async () => {
        await db.run(
          'geofence-add',
          `INSERT INTO geofence_subscriptions (${SUBSCRIPTION_COLUMNS}) VALUES (${PLACES})`,
          values,
        );
        await queue(subscription.id, events, now);
      });
    },
    async find(id) {
      return (await rows('geofence-find', `id = $1 AND ${LIVE}`, [id]))[0];
    },
    list(clientId, msisdn) {
      return msisdn === undefined
        ? rows('geofence-list', `client_id = $1 AND ${LIVE}`, [clientId])
        : rows('geofence-list-of', `client_id = $1 AND msisdn = $2 AND ${LIVE}`, [clientId, msisdn]);
    },
    active() {
      return rows('geofence-active', LIVE, []);
    },
    ...mayChange(db),
    advance(id, change, now) {
      return db.transaction(async () => {
        const changed = await db.run(
          'geofence-advance',
          `UPDATE geofence_subscriptions SET inside = $2, events_sent = events_sent + $3,
             ended_at = CASE WHEN $4::text IS NULL THEN NULL ELSE $5::bigint END, ended_reason = $4
           WHERE id = $1 AND ${LIVE} AND inside IS NOT DISTINCT FROM $6::integer`,
          [id, insideValue(change.to), change.counted, change.end ?? null, now, insideValue(change.from)],
        );
        if (changed === 0) return false;
        await queue(id, change.events, now);
        return true;
      });
    },
    end(id, reason, events, now) {
      return db.transaction(async () => {
        const changed = await db.run(
          'geofence-end',
          `UPDATE geofence_subscriptions SET ended_at = $2, ended_reason = $3 WHERE id = $1 AND ${LIVE}`,
          [id, now, reason],
        );
        if (changed === 0) return false;
        await queue(id, events, now);
        return true;
      });
    },
  };
}

/** The events' side: claims (FOR UPDATE SKIP LOCKED and a lease), acknowledgements, retries. */
function events(db: Database, seal: SinkSeal): Omit<GeofenceStore, keyof Subscriptions> {
  return {
    async claimEvents(now, leaseMs, limit) {
      const claimed = await db.query<ClaimedRow>('geofence-claim', CLAIM, [now, now + leaseMs, limit]);
      return Promise.all(claimed.map((row) => claimedOf(row, seal)));
    },
    async delivered(eventId) {
      await db.run('geofence-delivered', 'DELETE FROM geofence_events WHERE id = $1', [eventId]);
    },
    async retryLater(eventId, attempts, nextAt) {
      await db.run(
        'geofence-retry',
        'UPDATE geofence_events SET attempts = $2, next_at = $3, claimed_until = NULL WHERE id = $1',
        [eventId, attempts, nextAt],
      );
    },
    async abandon(subscriptionId, reason, now) {
      await db.transaction(async () => {
        await db.run(
          'geofence-abandon',
          `UPDATE geofence_subscriptions SET ended_at = COALESCE(ended_at, $2), ended_reason = COALESCE(ended_reason, $3)
           WHERE id = $1`,
          [subscriptionId, now, reason],
        );
        await db.run('geofence-drop', 'DELETE FROM geofence_events WHERE subscription_id = $1', [
          subscriptionId,
        ]);
      });
    },
    prune(before) {
      return db.run(
        'geofence-prune',
        `DELETE FROM geofence_subscriptions s WHERE s.ended_at IS NOT NULL AND s.ended_at < $1
           AND NOT EXISTS (SELECT 1 FROM geofence_events e WHERE e.subscription_id = s.id)`,
        [before],
      );
    },
  };
}

/** Geofencing subscriptions and their undelivered events on PostgreSQL, shared by every replica. */
export function createGeofencePostgres(db: Database, seal: SinkSeal): GeofenceStore {
  return { ...subscriptions(db, seal), ...events(db, seal) };
}
