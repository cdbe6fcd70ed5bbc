import { onlineManager } from '@tanstack/react-query';
import { createStore, useStore, type ReadableStore } from './store';

/** A small read that says whether the service can be reached: resolves when an answer (any status) came. */
export type Check = () => Promise<unknown>;

/** Why a read is not sent: the browser says it is offline, or the last read could not reach the service. */
export type Held = 'browser' | 'unreached';

/**
 * Whether the app has a connection. The browser's "offline" is reliable; its "online" is a hope: a phone on a
 * captive portal or dead Wi-Fi says online, and so does a page Chromium 150 loads from the service worker while
 * offline. So the app is offline when the browser says so, or when a read's fetch was refused for want of a network
 * (an HTTP error status is an answer: the service was reached). It is online again when the browser fires `online`
 * or a check gets an answer.
 */
export interface Connection extends ReadableStore<boolean> {
  /** An answer came, of whatever status: the service is there. */
  reached(): void;
  /** A read's fetch was refused for want of a network: offline, and `check` asked until it gets an answer. */
  unreached(check: Check): void;
  /**
   * Whether a read must not be sent now, and why. While it is held for a failed read, a check is asked for at
   * once (at most one a second), so a person's next action finds out soon if the connection is back.
   */
  held(): Held | undefined;
}

export interface ConnectionOptions {
  /** What the browser says (`navigator.onLine`); read when it fires `online` or `offline`, and at the start. */
  browserOnline: () => boolean;
  /** Where `online` and `offline` are fired (the window); none outside a browser. */
  events?: Pick<EventTarget, 'addEventListener'>;
}

/** The wait before the next check after `failed` checks have failed: 1, 2, 4, 8, then every 10 seconds. */
export function checkDelay(failed: number): number {
  return Math.min(1000 * 2 ** failed, 10_000);
}

/** At least this long between two checks, however many held reads ask for one. */
const CHECK_GAP_MS = 1000;

/** A timer that only moves earlier: asked to run later than it already will, it stays as it is. */
function soonest(run: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dueAt = Infinity;
  const stop = (): void => {
    clearTimeout(timer);
    timer = undefined;
    dueAt = Infinity;
  };
  return {
    stop,
    in(delay: number): void {
      const at = Date.now() + delay;
      if (at >= dueAt) return;
      clearTimeout(timer);
      dueAt = at;
      timer = setTimeout(() => {
        stop();
        run();
      }, delay);
    },
  };
}

export function createConnection({ browserOnline, events }: ConnectionOptions): Connection {
  let browser = browserOnline();
  let unreached = false;
  let check: Check | undefined;
  let failed = 0;
  let checking = false;
  let lastCheck = -Infinity;
  const store = createStore(browser);
  const next = soonest(() => void runCheck());

  const update = (): void => store.set(browser && !unreached);
  /* A check that passed keeps the count of those that failed, and when the reads it lets go fail at once again (a
     service refusing connections while its health answers) that counts as one more: the checks, and the reads
     run again after each, come ever less often. A read's answer starts the count afresh. */
  let backByCheck = false;
  const back = (afresh: boolean): void => {
    unreached = false;
    backByCheck = !afresh;
    if (afresh) failed = 0;
    next.stop();
    update();
  };
  const reached = (): void => back(true);
  async function runCheck(): Promise<void> {
    if (!unreached || !browser || checking || check === undefined) return;
    checking = true;
    lastCheck = Date.now();
    try {
      await check();
      back(false);
    } catch {
      failed += 1;
      if (unreached && browser) next.in(checkDelay(failed));
    } finally {
      checking = false;
    }
  }

  const fromBrowser = (): void => {
    browser = browserOnline();
    // Either way the last failure is old news: online is hoped for again until a read says otherwise.
    reached();
  };
  events?.addEventListener('online', fromBrowser);
  events?.addEventListener('offline', fromBrowser);

  return {
    get: store.get,
    subscribe: store.subscribe,
    reached,
    unreached(given) {
      check = given;
      if (!browser) return;
      if (!unreached) {
        if (backByCheck) failed += 1;
        unreached = true;
        update();
      }
      next.in(checkDelay(failed));
    },
    held() {
      if (!browser) return 'browser';
      if (!unreached) return undefined;
      if (!checking) next.in(Math.max(0, lastCheck + CHECK_GAP_MS - Date.now()));
      return 'unreached';
    },
  };
}

/** The page's connection. TanStack Query hears of it from here alone (not from the window's events itself), so
 *  that a failed read's "offline" and a check's "online" reach it: reads then run again by themselves. */
export const connection = createConnection({
  browserOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  ...(typeof window !== 'undefined' && { events: window }),
});
onlineManager.setEventListener((setOnline) => {
  setOnline(connection.get());
  return connection.subscribe(() => setOnline(connection.get()));
});

export const useOnline = (): boolean => useStore(connection, (value) => value);
