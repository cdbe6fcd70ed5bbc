import pg from 'pg';
import { StoreError } from '../records';

/** PostgreSQL's type oid of bigint. */
const INT8 = 20;

/* Every bigint the store keeps (cell ids below 2^36, LACs below 2^32, Unix seconds, row ids) is a safe integer, so
   it is read as a number; the driver's default, a string, would leak into every caller. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? Number : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export interface PoolOptions {
  /** Connections at most (DATABASE_POOL_SIZE). */
  size: number;
  /** What the server's activity view calls this program's connections. */
  name?: string;
  /** Called with a connection's error that no query was waiting for (the server went away while it was idle). */
  onIdleError?: (error: Error) => void;
}

/** A pool of connections to `url`; nothing is connected until the first query. */
export function createPool(url: string, options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.size,
    types,
    application_name: options.name ?? 'cellpos',
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A connection that is not heard from while the server is gone is found out, rather than waited on for ever.
    keepAlive: true,
  });
  // Without a listener, an idle connection's error (the server restarted) would end the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}

/**
 * A connection taken from the pool for several statements (a transaction, a migration, an import's COPY). The
 * driver reports a connection cut by the server (a restart, an administrator) as an 'error' event on the client as
 * well as to any statement running; a taken client has no listener of the pool's, and without one the event would
 * end the process. Here the error is kept, the next statement fails on its own, and `release` does not give a
 * broken connection back.
 */
export async function takeClient(
  pool: pg.Pool,
): Promise<{ client: pg.PoolClient; release(destroy?: Error | boolean): void }> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error): void => {
    broken = error;
  };
  client.on('error', onError);
  return {
    client,
    release(destroy?: Error | boolean) {
      client.removeListener('error', onError);
      client.release(broken ?? destroy);
    },
  };
}

/** Error codes (SQLSTATE classes 08 and 57P) and socket errors that mean the server cannot be reached now. */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^(08|57P0[1-3]|53300)/.test(code)) return true;
    if (
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(
        code,
      )
    )
      return true;
  }
  // The last: a connection the driver knows is cut, asked again (its error was reported to a listener before).
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable/i.test(
    error.message,
  );
}

/** The first problem of a connection string, in words, or undefined when it can be used. */
export function checkDatabaseUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL (postgres://user:password@host:port/database)';
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    return `must start with postgres:// or postgresql:// (got ${parsed.protocol}//)`;
  }
  if (parsed.pathname.length <= 1) return 'names no database (postgres://user:password@host:port/database)';
  return undefined;
}

/**
 * `url` as its host, port and database only, to name the server in a message: never the user and password of its
 * authority, nor a parameter (`password`, `sslpassword`, `sslkey` and the like). A socket folder given as `?host=`
 * is the host.
 */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || (parsed.searchParams.get('host') ?? '');
    const port = parsed.port || (parsed.searchParams.get('port') ?? '');
    const authority = host.includes('/') ? encodeURIComponent(host) : host;
    return `${parsed.protocol}//${authority}${port === '' ? '' : `:${port}`}${parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** `text` with every secret of `url` (its password and the parameters a driver takes secrets in) as •••. */
function withoutSecrets(text: string, url: string): string {
  try {
    const parsed = new URL(url);
    const secrets = [
      decodeURIComponent(parsed.password),
      ...['password', 'sslpassword', 'sslkey', 'sslcert', 'sslrootcert'].flatMap((name) =>
        parsed.searchParams.getAll(name),
      ),
    ];
    return secrets
      .filter((secret) => secret.length >= 3)
      .reduce((at, secret) => at.replaceAll(secret, '•••'), text);
  } catch {
    return text;
  }
}

/** A StoreError for a connection that failed at start, in one line that names DATABASE_URL. */
export function connectionProblem(url: string, error: unknown): StoreError {
  const code = (error as { code?: unknown }).code;
  const reason =
    code === '28P01'
      ? 'the password is wrong'
      : code === '28000'
        ? 'the role may not log in'
        : code === '3D000'
          ? 'the database does not exist'
          : withoutSecrets((error as Error).message, url);
  return new StoreError(`DATABASE_URL ${redactedUrl(url)}: cannot connect: ${reason}`);
}
