import { BUILD_HEADER, BUILD_ID, sameBuild } from '../api/build';
import { createClient, type Client } from '../api/client';
import { ApiError } from '../api/errors';
import { appUpdate } from '../state/app-update';
import { connection as pageConnection, type Connection } from '../state/online';
import { config } from './config';

/** How long the check of the connection waits for the service's health answer. */
const CHECK_TIMEOUT_MS = 5000;

/** Whether the service answers at all: its health read, any status (src/state/online.ts asks it while offline). */
export function healthCheck(apiBase: string = config.apiBase): () => Promise<void> {
  return async () => {
    const response = await fetch(`${apiBase}/health`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
  };
}

/**
 * fetch as the app's reads use it: nothing is sent while the app is offline (the read says it needs a connection),
 * a fetch refused for want of a network makes it offline, any answer makes it online, and an answer from a
 * service of another build than `own` is not read: the page says to reload.
 */
export function checkedFetch(
  own: string = BUILD_ID,
  connection: Connection = pageConnection,
  check: () => Promise<void> = healthCheck(),
): typeof fetch {
  return async (input, init) => {
    const held = connection.held();
    if (held !== undefined) {
      throw new ApiError(
        'offline',
        held === 'browser'
          ? 'the browser is offline'
          : 'the service was not reached: waiting for a connection',
      );
    }
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      /* The client built the request (its headers) before this fetch, so a TypeError here is the network's: no
         connection, a name not resolved, a connection refused. An abort (the caller's, a timeout) is not. */
      if (error instanceof TypeError && init?.signal?.aborted !== true) connection.unreached(check);
      throw error;
    }
    connection.reached();
    const build = response.headers.get(BUILD_HEADER);
    if (!sameBuild(own, build)) {
      appUpdate.markOutdated();
      await response.body?.cancel().catch(() => undefined);
      throw new ApiError('outdated', `the service is of build ${build ?? '?'}, this page of ${own}`);
    }
    return response;
  };
}

export const apiClient: Client = createClient({
  baseUrl: config.apiBase,
  timeoutMs: config.timeoutMs,
  // Keys in headers: the browser writes a failed read's URL to its console (docs/api-notes.md).
  keysIn: 'headers',
  fetch: checkedFetch(),
});
