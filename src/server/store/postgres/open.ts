import type { CacheLifetimes } from '../cell-cache-port';
import { StoreError } from '../records';
import { createAdmin } from './admin';
import { createCellCache } from './cell-cache';
import { listenForChanges } from './changes';
import { Database } from './database';
import { migrate } from './migrate';
import { connectionProblem, createPool, redactedUrl } from './pool';
import { createBuckets } from './buckets';
import { createCamaraStore, hashClearRecords } from './camara';
import type { CamaraStore } from '../camara-store';
import { createConsumerStore } from './camara-consumer';
import type { CamaraConsumerStore } from '../camara-consumer-store';
import { createWatchStore } from './watches';
import type { WatchStore } from '../watch-store';
import { LOCKS } from './locks';
import type { SharedBuckets } from '../shared-buckets';
import { createServiceReads } from './service-reads';
import { memorySealKey, type SealKey } from '../seal-key';
import { jwkSeal } from '../sealed-jwk';
import { createGeofencePostgres } from './geofencing';
import type { GeofenceStore } from '../geofence-store';
import { sinkSeal } from '../sink-seal';

export interface PostgresOptions {
  /** Connections at most (DATABASE_POOL_SIZE). */
  poolSize: number;
  log?: (line: string) => void;
  /** What the store seals secrets under (store/seal-key.ts); unset, a key of this process only (tests, benches). */
  sealKey?: SealKey;
}

export type PostgresStore = ReturnType<typeof createServiceReads> &
  ReturnType<typeof createAdmin> & {
    readonly engine: 'PostgreSQL';
    /** The server and database, without the password. */
    readonly where: string;
    readonly buckets: SharedBuckets;
    /** The service as a CAMARA operator: its OpenID provider's state, API consumers and subscribers. */
    readonly camara: CamaraStore;
    /** The service as a CAMARA API consumer: the operator's tokens and the users' open questions. */
    readonly camaraConsumer: CamaraConsumerStore;
    /** The operator's CAMARA geofencing subscriptions and their undelivered events, shared by every replica. */
    readonly geofencing: GeofenceStore;
    /** "Watch my phone": the users' geofencing watches and their events, shared by every replica. */
    readonly camaraWatches: WatchStore;
    cellCache(lifetimes: CacheLifetimes): ReturnType<typeof createCellCache>;
    /** `work` in one transaction, under an advisory lock: one such work at a time among every replica. */
    exclusive<T>(work: () => Promise<T>): Promise<T>;
    /** The pool and its database, for what is PostgreSQL's own (imports, tests). */
    db: Database;
    close(): Promise<void>;
  };

/**
 * Connects to `url`, brings its schema up to date and listens for changes. A server that cannot be reached, a
 * wrong password, a missing database: a StoreError in one line naming DATABASE_URL.
 */
export async function openPostgresStore(url: string, options: PostgresOptions): Promise<PostgresStore> {
  const pool = createPool(url, {
    size: options.poolSize,
    onIdleError: (error) => options.log?.(`database connection lost: ${error.message}`),
  });
  const changes = listenForChanges(url, options.log === undefined ? {} : { log: options.log });
  try {
    await changes.ready;
    await migrate(pool);
  } catch (error) {
    await Promise.all([changes.close(), pool.end()]);
    throw error instanceof StoreError ? error : connectionProblem(url, error);
  }
  const db = new Database(pool);
  try {
    await hashClearRecords(db);
  } catch (error) {
    await Promise.all([changes.close(), pool.end()]);
    throw connectionProblem(url, error);
  }
  const admin = createAdmin(db);
  const sealKey = options.sealKey ?? memorySealKey();
  return {
    engine: 'PostgreSQL',
    where: redactedUrl(url),
    buckets: createBuckets(db),
    ...createServiceReads(db, changes.version),
    ...admin,
    cellCache: (lifetimes) => createCellCache(db, lifetimes),
    camara: createCamaraStore(db, jwkSeal(sealKey)),
    geofencing: createGeofencePostgres(db, sinkSeal(sealKey)),
    camaraConsumer: createConsumerStore(db),
    camaraWatches: createWatchStore(db),
    exclusive: (work) =>
      admin.transaction(async () => {
        await db.run('exclusive', 'SELECT pg_advisory_xact_lock($1, $2)', [...LOCKS.demo]);
        return work();
      }),
    db,
    async close() {
      await changes.close();
      await pool.end();
    },
  };
}
