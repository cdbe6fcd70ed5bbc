import { ConfigError } from '../config';
import type { CamaraConsumerStore } from '../store/camara-consumer-store';
import { discover } from './discovery';
import { createCamaraConsumer, type CamaraConsumer } from './engine';
import { fetchOperator, type OperatorHttp } from './http';
import { ClientKeyError, loadClientKey, type ClientKey } from './key';
import { tokenSeal } from './seal';
import type { CamaraConsumerSettings } from './settings';
import { RETRIEVE_PATH } from '../../api/device-location';
import type { ConsumerContext } from './context';

export interface ConsumerStartDeps {
  store: CamaraConsumerStore;
  /** Each request to the operator within so many ms (POSITIONING_TIMEOUT_MS). */
  timeoutMs: number;
  log: (line: string) => void;
  /** Injectable for tests. */
  fetch?: typeof fetch;
}

/** The service's key for private_key_jwt; a ConfigError naming CAMARA_PRIVATE_KEY when it cannot be used. */
export async function readClientKey(file: string): Promise<ClientKey> {
  try {
    return await loadClientKey(file);
  } catch (error) {
    if (error instanceof ClientKeyError) throw new ConfigError('CAMARA_PRIVATE_KEY', error.message);
    throw error;
  }
}

/**
 * Whether something that speaks Device Location lives at the API root: asked without a token it refuses (401,
 * 403, 400). No answer, a redirect (a login page) or 404 means the root is wrong.
 */
async function checkApiRoot(http: OperatorHttp, apiRoot: string): Promise<void> {
  const url = `${apiRoot}${RETRIEVE_PATH}`;
  const reply = await http({
    method: 'POST',
    url,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: '{}',
  });
  if (!reply.ok)
    throw new ConfigError('CAMARA_API_ROOT', `${url} did not answer (${reply.failure}: ${reply.detail})`);
  if (reply.status === 404 || reply.status < 400) {
    throw new ConfigError(
      'CAMARA_API_ROOT',
      `${url} answered HTTP ${reply.status} to a request without a token; Device Location refuses it (401)`,
    );
  }
}

/**
 * Everything the consumer needs, checked before the service listens: the key file (CAMARA_PRIVATE_KEY), the
 * operator's discovery (CAMARA_ISSUER) and its API (CAMARA_API_ROOT). A problem is a ConfigError naming the setting.
 */
export async function startCamaraConsumer(
  settings: CamaraConsumerSettings,
  deps: ConsumerStartDeps,
): Promise<CamaraConsumer> {
  return createCamaraConsumer(await startConsumerContext(settings, deps));
}

/** The same checks, and the context the consumer's engines (Locate, the check, the watches) share. */
export async function startConsumerContext(
  settings: CamaraConsumerSettings,
  deps: ConsumerStartDeps,
): Promise<ConsumerContext> {
  const key = await readClientKey(settings.privateKeyFile);
  const http = fetchOperator(deps.timeoutMs, deps.fetch);
  const discovered = await discover(http, settings.issuer, key.algs);
  if (!discovered.ok) throw new ConfigError('CAMARA_ISSUER', discovered.problem);
  await checkApiRoot(http, settings.apiRoot);
  return {
    oauth: { http, key, clientId: settings.clientId, endpoints: discovered.endpoints },
    api: { http, apiRoot: settings.apiRoot },
    purpose: settings.purpose,
    store: deps.store,
    seal: tokenSeal(key.privateKey),
    now: Date.now,
    log: deps.log,
  };
}
