import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkDelay, createConnection } from './online';

function browser(online: boolean) {
  const events = new EventTarget();
  const state = { online };
  const connection = createConnection({ browserOnline: () => state.online, events });
  const say = (next: boolean): void => {
    state.online = next;
    events.dispatchEvent(new Event(next ? 'online' : 'offline'));
  };
  return { connection, say };
}

/** A check that fails until `pass()` is called. */
function check() {
  let passing = false;
  const fn = vi.fn(() => (passing ? Promise.resolve() : Promise.reject(new TypeError('Failed to fetch'))));
  return { fn, pass: () => (passing = true) };
}

describe('the connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('believes the browser when it says offline, and holds every read until it says online', () => {
    const { connection, say } = browser(false);
    expect(connection.get()).toBe(false);
    expect(connection.held()).toBe('browser');
    say(true);
    expect(connection.get()).toBe(true);
    expect(connection.held()).toBeUndefined();
  });

  it('is offline after a read failed for want of a network though the browser says online', () => {
    const { connection } = browser(true);
    const seen = vi.fn();
    connection.subscribe(seen);
    connection.unreached(check().fn);
    expect(connection.get()).toBe(false);
    expect(connection.held()).toBe('unreached');
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('checks again and again, ever less often, and is online once a check gets an answer', async () => {
    const { connection } = browser(true);
    const { fn, pass } = check();
    connection.unreached(fn);
    await vi.advanceTimersByTimeAsync(checkDelay(0));
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(checkDelay(1));
    expect(fn).toHaveBeenCalledTimes(2);
    expect([checkDelay(2), checkDelay(3), checkDelay(4), checkDelay(9)]).toEqual([
      4000, 8000, 10_000, 10_000,
    ]);
    pass();
    await vi.advanceTimersByTimeAsync(checkDelay(2));
    expect(fn).toHaveBeenCalledTimes(3);
    expect(connection.get()).toBe(true);
    // Online again: no more checks.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('after a check passed, reads that fail at once again are checked on no sooner than before', async () => {
    const { connection } = browser(true);
    const { fn } = check();
    connection.unreached(fn);
    await vi.advanceTimersByTimeAsync(checkDelay(0) + checkDelay(1));
    expect(fn).toHaveBeenCalledTimes(2);
    fn.mockResolvedValueOnce(undefined);
    await vi.advanceTimersByTimeAsync(checkDelay(2));
    expect(connection.get()).toBe(true);
    // Two checks had failed, and the reads the third let go failed too: the next waits as long as a fourth.
    connection.unreached(fn);
    await vi.advanceTimersByTimeAsync(checkDelay(3) - 1);
    expect(fn).toHaveBeenCalledTimes(3);
    fn.mockResolvedValueOnce(undefined);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(4);
    expect(connection.get()).toBe(true);
    // A service whose health answers while its reads are refused: every check passes, and still they slow down.
    connection.unreached(fn);
    await vi.advanceTimersByTimeAsync(checkDelay(4) - 1);
    expect(fn).toHaveBeenCalledTimes(4);
    // A read's answer starts afresh.
    connection.reached();
    connection.unreached(fn);
    await vi.advanceTimersByTimeAsync(checkDelay(0));
    expect(fn).toHaveBeenCalledTimes(5);
  });

  it('checks at once when a read is held, but at most once a second', async () => {
    const { connection } = browser(true);
    const { fn } = check();
    connection.unreached(fn);
    await vi.advanceTimersByTimeAsync(checkDelay(0));
    expect(fn).toHaveBeenCalledTimes(1);
    // The next check was due 2 s on; a held read half a second after the last check brings it to 1 s after it.
    await vi.advanceTimersByTimeAsync(500);
    connection.held();
    connection.held();
    await vi.advanceTimersByTimeAsync(499);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('is online again when any read gets an answer, or when the browser fires online', () => {
    const { connection, say } = browser(true);
    connection.unreached(check().fn);
    connection.reached();
    expect(connection.get()).toBe(true);
    connection.unreached(check().fn);
    say(true);
    expect(connection.get()).toBe(true);
    expect(connection.held()).toBeUndefined();
  });

  it('does not check while the browser says offline: it will say when it is back', async () => {
    const { connection, say } = browser(true);
    const { fn } = check();
    connection.unreached(fn);
    say(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fn).not.toHaveBeenCalled();
    expect(connection.held()).toBe('browser');
  });
});
