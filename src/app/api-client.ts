import { BUILD_HEADER, BUILD_ID, sameBuild } from '../api/build';
import { createClient, type Client } from '../api/client';
import { ApiError } from '../api/errors';
import { appUpdate } from '../state/app-update';
import { config } from './config';

/**
 * fetch as the app's reads use it: nothing is sent while the browser is offline (the read says it needs a
 * connection), and an answer from a service of another build than `own` is not read: the page says to reload.
 */
export function checkedFetch(own: string = BUILD_ID): typeof fetch {
  return async (input, init) => {
    if (navigator.onLine === false) throw new ApiError('offline', 'the browser is offline');
    const response = await fetch(input, init);
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
