import pg from 'pg';
import { CHANGES_CHANNEL } from './channel';

export interface ChangeListener {
  /**
   * Changes whenever the data may have changed: a commit announced on the channel by any writer, or a moment
   * when announcements may have been missed (the listening connection lost and not yet back), during which it
   * changes on every call, so nothing read before is trusted.
   */
  version(): string;
  /** Resolves once listening (or rejects with the first connection's error). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** One line when the listening connection is lost or back. */
  log?: (line: string) => void;
  /** Wait before connecting again, ms (doubles up to 10 s). */
  retryMs?: number;
}

/**
 * Listens on the changes channel (migrations/002-changes.ts) on a connection of its own. When that connection
 * drops, the version changes on every call until it is back, and once more then: a change announced meanwhile
 * would otherwise be missed.
 */
export function listenForChanges(url: string, options: ListenOptions = {}): ChangeListener {
  let seen = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wait = options.retryMs ?? 500;

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: url,
      application_name: 'cellpos changes',
      keepAlive: true,
    });
    next.on('notification', () => {
      seen++;
    });
    const gone = (): void => {
      if (client === next) lost();
    };
    next.on('error', gone);
    next.on('end', gone);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    if (closed || client !== next) return void next.end().catch(() => undefined);
    seen++;
    listening = true;
    wait = options.retryMs ?? 500;
  }

  function lost(): void {
    if (closed || client === undefined) return;
    const was = client;
    client = undefined;
    was.removeAllListeners('notification');
    was.end().catch(() => undefined);
    if (listening) options.log?.('database change listener lost: reading without caches until it is back');
    listening = false;
    retry();
  }

  function retry(): void {
    if (closed || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => options.log?.('database change listener back'),
        () => {
          lost();
          retry();
        },
      );
    }, wait);
    timer.unref();
    wait = Math.min(wait * 2, 10_000);
  }

  const ready = connect().catch((error: unknown) => {
    lost();
    throw error;
  });
  // Unhandled otherwise when nobody waits for the first connection.
  ready.catch(() => undefined);

  return {
    version: () => (listening ? `${seen}` : `lost ${++seen}`),
    ready,
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      const was = client;
      client = undefined;
      listening = false;
      await was?.end().catch(() => undefined);
    },
  };
}
