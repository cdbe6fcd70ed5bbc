import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type Provider from 'oidc-provider';
import { afterEach } from 'vitest';
import { createApp } from '../app';
import { createHttpServer } from '../http/http-server';
import { createListener } from '../http/listener';
import { clientJwks } from '../oidc/client-keys';
import { answerRequests, waitingRequests } from '../oidc/consent';
import { signingKeys } from '../oidc/keys';
import { createOidcProvider } from '../oidc/provider';
import type { JsonObject } from '../store/camara-store';
import type { Store } from '../store/open-store';
import { tempStores } from './temp-stores';
import { operatorUrls } from '../camara/operator';

/** A registered API consumer of the tests, holding its own private key as a real one would. */
export interface TestClient {
  id: string;
  /** A private_key_jwt client assertion for `aud`, made with jose; `claims` overrides what it says. */
  assertion(aud: string, claims?: Record<string, unknown>): Promise<string>;
}

export interface RunningOperator {
  /** The public URL (PUBLIC_URL): the issuer's and the API root's base. */
  url: string;
  /** Where this replica listens: the public URL, unless it is a second replica. */
  address: string;
  issuer: string;
  apiRoot: string;
  store: Store;
  dbFile: string;
  /** What the service logged. */
  lines: string[];
  client: TestClient;
  /** The running provider (made on first use), for what the admin command line does in-process. */
  provider: () => Promise<Provider>;
  addClient(id: string, options?: { twoLegged?: boolean }): Promise<TestClient>;
  /** The subscriber answers their waiting requests (of one consumer, when named), as sms-reply does; how many. */
  answer(msisdn: string, consent: boolean, clientId?: string): Promise<number>;
  /** POST a form to an endpoint of the provider, as the client (a fresh assertion for that endpoint). */
  oidc(
    path: string,
    client: TestClient,
    form: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** POST JSON to a Device Location path under /camara. */
  api(
    path: string,
    token: string | undefined,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
}

const { dir, open } = tempStores('cellpos-operator-');
let files = 0;

/** A consumer's key pair: registered with `store` when given, else a key the operator has never seen. */
async function testClient(id: string, register?: { store: Store; twoLegged: boolean }): Promise<TestClient> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  if (register !== undefined) {
    const jwks = await clientJwks(await exportSPKI(publicKey));
    await register.store.camara.addClient({
      clientId: id,
      jwks,
      twoLegged: register.twoLegged,
      createdAt: Date.now(),
    });
  }
  return { id, assertion: (aud, claims = {}) => assertion(privateKey, id, aud, claims) };
}

function assertion(
  key: CryptoKey,
  id: string,
  aud: string,
  claims: Record<string, unknown>,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: id, sub: id, aud, jti: crypto.randomUUID(), iat: now, exp: now + 60, ...claims };
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256' }).sign(key);
}

/** A client that says it is `id` but signs with a key the operator does not know. */
export function impostor(id: string): Promise<TestClient> {
  return testClient(id);
}

/* Signing keys made once for the file's operators: each fresh database would otherwise make its own (an RSA key). */
let keys: Promise<JsonObject[]> | undefined;
async function seedKeys(store: Store): Promise<void> {
  if (keys === undefined) {
    const made = signingKeys(store.camara);
    keys = made;
    await made;
    return;
  }
  await store.camara.addSigningKeysIfNone(await keys);
}

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of running.splice(0)) await stop();
});

/**
 * For tests: the service (createApp, API only) as a CAMARA operator, on a real listener on 127.0.0.1, port 0, over
 * a fresh demo database, with one API consumer registered. Stopped after each test.
 */
export async function startOperator(
  options: {
    twoLegged?: boolean;
    rateLimit?: { perSecond: number; burst: number };
    /** Distinct unknown numbers the consumer may try a minute on the backchannel (CAMARA_OPERATOR_UNKNOWN_NUMBERS). */
    unknownNumbers?: number;
    /** A second replica of a running operator: its database, its public URL (a load balancer's), its consumer. */
    replicaOf?: RunningOperator;
  } = {},
): Promise<RunningOperator> {
  const { replicaOf } = options;
  const dbFile = replicaOf?.dbFile ?? join(dir, `operator-${++files}.db`);
  const store = open(dbFile);
  await seedKeys(store);
  const lines: string[] = [];
  const log = (line: string): void => void lines.push(line);
  let url = replicaOf?.url ?? '';
  const app = createApp({
    store,
    staticDir: null,
    log,
    ...(options.rateLimit !== undefined && { rateLimit: options.rateLimit }),
    ...(options.unknownNumbers !== undefined && { hints: { unknownPerMinute: options.unknownNumbers } }),
    camaraOperator: {
      store: store.camara,
      geofencing: store.geofencing,
      publicUrl: () => url,
      phone: { userOf: (userKey) => store.getUser(userKey) },
    },
  });
  const http = createHttpServer(createListener(app, { hostname: '127.0.0.1', log }));
  await new Promise<void>((resolve) => http.server.listen(0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
  url ||= address;
  running.push(() => new Promise<void>((resolve) => http.stop(resolve)));
  const { issuer, apiRoot } = operatorUrls(url);
  const addClient = (id: string, { twoLegged = false } = {}) => testClient(id, { store, twoLegged });
  // Another provider over the same store, as the admin command line makes one.
  const provider = () => createOidcProvider({ store: store.camara, issuer, apiRoot });
  return {
    url,
    address,
    issuer,
    apiRoot,
    store,
    dbFile,
    lines,
    client: replicaOf?.client ?? (await addClient('test-app', { twoLegged: options.twoLegged ?? false })),
    provider,
    addClient,
    async answer(msisdn, consent, clientId) {
      const made = await provider();
      const waiting = await waitingRequests(made, store.camara, msisdn, clientId);
      return answerRequests(made, store.camara, msisdn, waiting, consent);
    },
    async oidc(path, client, form) {
      const endpoint = `${issuer}${path}`;
      const response = await fetch(`${address}/oidc${path}`, {
        method: 'POST',
        body: new URLSearchParams({
          ...form,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: await client.assertion(endpoint),
        }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    api(path, token, body, headers = {}) {
      return fetch(`${address}/camara${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token !== undefined && { Authorization: `Bearer ${token}` }),
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
  };
}

const BOTH_APIS = 'dpv:FraudPreventionAndDetection location-retrieval:read location-verification:verify';

/** A three-legged token (CIBA) for a subscriber who consents at once: demo-user, +358401234567, by default. */
export async function threeLeggedToken(
  op: RunningOperator,
  { scope = BOTH_APIS, phone = '+358401234567', client = op.client } = {},
): Promise<string> {
  const request = await op.oidc('/backchannel', client, {
    scope: `openid ${scope}`,
    login_hint: `tel:${phone}`,
  });
  const token = await op.oidc('/token', client, {
    grant_type: 'urn:openid:params:grant-type:ciba',
    auth_req_id: String(request.body.auth_req_id),
  });
  if (token.status !== 200) throw new Error(`no token: ${JSON.stringify(token.body)}`);
  return String(token.body.access_token);
}

/** A two-legged token (client_credentials) of a consumer registered with --two-legged. */
export async function twoLeggedToken(
  op: RunningOperator,
  { scope = BOTH_APIS, client = op.client } = {},
): Promise<string> {
  const token = await op.oidc('/token', client, { grant_type: 'client_credentials', scope });
  if (token.status !== 200) throw new Error(`no token: ${JSON.stringify(token.body)}`);
  return String(token.body.access_token);
}
