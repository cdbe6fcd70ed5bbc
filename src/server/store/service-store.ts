import type { Admin } from './admin-port';
import type { CamaraStore } from './camara-store';
import type { DatabaseChoice } from './database-setting';
import type { CamaraConsumerStore } from './camara-consumer-store';
import type { CacheLifetimes, CellCache } from './cell-cache-port';
import type { ServiceReads } from './service-reads-port';
import { openStore } from './sqlite/open';
import type { WatchStore } from './watch-store';
import { openPostgresStore } from './postgres/open';
import { sealKeyOf } from './seal-key';
import type { EitherWay, Maybe } from '../platform/maybe';
import type { SharedBuckets } from './shared-buckets';
import type { GeofenceStore } from './geofence-store';

/**
 * The service's store, whichever engine holds it: SQLite answers at once, PostgreSQL later. Callers that must stay
 * cheap on SQLite look at what comes back (`instanceof Promise`) rather than always awaiting it.
 */
export interface ServiceStore
  extends EitherWay<Omit<ServiceReads, 'dataVersion'>>, EitherWay<Omit<Admin, 'transaction'>> {
  readonly engine: 'SQLite' | 'PostgreSQL';
  /** Where the data is, for messages: the file, or the server and database (never the password). */
  readonly where: string;
  /** Changes whenever the data may have changed, by this process or any other (never waits). */
  dataVersion(): string;
  /** The live cell sources' answers, kept for the given lifetimes. */
  cellCache(lifetimes: CacheLifetimes): EitherWay<CellCache>;
  /** The service as a CAMARA operator: its OpenID provider's state, API consumers and subscribers. */
  readonly camara: CamaraStore;
  /** The service as a CAMARA API consumer (LOCATION_SOURCE=camara): the operator's tokens and the users' open
   *  questions, shared by every replica on PostgreSQL. */
  readonly camaraConsumer: CamaraConsumerStore;
  /** The operator's CAMARA geofencing subscriptions and their undelivered events (shared by replicas on PostgreSQL). */
  readonly geofencing: GeofenceStore;
  /** "Watch my phone" (LOCATION_SOURCE=camara): the users' geofencing watches and their events. */
  readonly camaraWatches: WatchStore;
  /** Rate-limit buckets every replica shares; undefined where one process is all there is (SQLite). */
  readonly buckets: SharedBuckets | undefined;
  /**
   * Runs `work` in one transaction, the only such work at a time among all the processes on this database (filling
   * a new database with the demo data once, however many replicas start together).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Maybe<void>;
}

export type { DatabaseChoice } from './database-setting';

/**
 * Opens the store the settings name, its schema brought up to date: PostgreSQL when a connection string is given,
 * else the SQLite file. A database that cannot be opened: a StoreError (for PostgreSQL one line naming DATABASE_URL).
 */
export async function openServiceStore(
  choice: DatabaseChoice,
  log?: (line: string) => void,
): Promise<ServiceStore> {
  if (choice.url === undefined) return openStore(choice.file, { sealKey: choice.sealKey });
  return openPostgresStore(choice.url, {
    poolSize: choice.poolSize,
    sealKey: sealKeyOf(choice.sealKey, choice.file),
    ...(log !== undefined && { log }),
  });
}
