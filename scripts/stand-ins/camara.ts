// A stand-in CAMARA Device Location operator, written from the specifications (DeviceLocation r3.2, CAMARA ICM
// Security and Interoperability Profile, OpenID CIBA Core 1.0) with their traps: CIBA poll mode only, login_hint
// tel:+E.164 only, private_key_jwt only; slow_down when polled sooner than the interval (which then grows by 5 s),
// expired_token, access_denied, unknown_user_id; circles and polygons; and the hostile answers of
// scripts/stand-ins/camara-subscribers.ts (the number picks the behaviour).
//   issuer  ${url}/oidc   (discovery, /oidc/bc-authorize, /oidc/token)
//   API     ${url}/api    (/location-retrieval/v0.5/retrieve, /location-verification/v3/verify)
//   tests   POST /control/answer?number=+358...&yes=true|false   the subscriber answers on the phone
//           GET /control/seen?number=+358...                    how many requests of each kind it had
//           POST /control/down?number=+358...&down=true|false   its token endpoint fails (503) for that number
//           POST /control/geofence?number=+358...&event=...      fires geofencing events (camara-geofencing.ts)
// Run: node --import tsx scripts/stand-ins/camara.ts PORT CLIENT_ID KEY_FILE [INTERVAL]   (the client's key, PEM)
import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { CIBA_GRANT_TYPE, PHONE_NUMBER } from '../../src/api/device-location';
import { handleApi, type ApiState, type IssuedToken, type SeenApiRequest } from './camara-api';
import { checkClient, type ClientRegistry, type SeenAssertion } from './camara-client-auth';
import { geofencing } from './camara-geofencing';
import { subscriberOf } from './camara-subscribers';

export { CAMARA_NUMBERS } from './camara-subscribers';
export const CAMARA_CLIENT_ID = 'cellpos-test-client';

interface CibaRequest {
  number: string;
  scopes: string[];
  createdAt: number;
  expiresIn: number;
  interval: number;
  lastPollAt: number;
  answer: 'pending' | 'yes' | 'no';
  done: boolean;
  polls: number;
}

export interface CamaraStandIn {
  url: string;
  issuer: string;
  apiRoot: string;
  /** Every client assertion it accepted the signature of, in order. */
  assertions: SeenAssertion[];
  /** Every API request, in order. */
  api: SeenApiRequest[];
  /** Every poll of the token endpoint: the number and what it was told. */
  polls: Array<{ number: string; at: number; answer: string }>;
  /** The subscriber answers on the phone; false when no request of that number waits. */
  answer(number: string, yes: boolean): boolean;
  /** The subscriber withdraws consent: the number's tokens stop working. */
  revoke(number: string): void;
  /** The access tokens issued so far. */
  issued(): string[];
  /** The token endpoint fails (503) for the number's requests, or works again. */
  tokenDown(number: string, down: boolean): void;
  /** Its geofencing subscriptions (camara-geofencing.ts): the deliveries made, and events fired on command. */
  geofencing: ReturnType<typeof geofencing>;
  close(): Promise<void>;
}

export interface StandInOptions {
  clientId?: string;
  /** The client's public key (a private key's public half is taken). */
  clientKey: KeyObject;
  port?: number;
  /** Unix milliseconds: the operator's clock, injectable for tests. */
  now?: () => number;
  /** The interval of subscribers that name none of their own (5 s; the browser tests take 1 s). */
  interval?: number;
}

function oauthError(res: ServerResponse, status: number, error: string, description?: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error, ...(description !== undefined && { error_description: description }) }));
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function startCamaraStandIn(options: StandInOptions): Promise<CamaraStandIn> {
  const now = options.now ?? Date.now;
  const requests = new Map<string, CibaRequest>();
  const state: ApiState = { tokens: new Map<string, IssuedToken>(), now, seen: [] };
  const polls: CamaraStandIn['polls'] = [];
  const downFor = new Set<string>();
  const geo = geofencing(state.tokens, now);
  let base = '';
  const registry: ClientRegistry = {
    clientId: options.clientId ?? CAMARA_CLIENT_ID,
    publicKey: options.clientKey.type === 'public' ? options.clientKey : createPublicKey(options.clientKey),
    now,
    issuer: '',
    seenJti: new Map(),
    assertions: [],
  };

  function metadata() {
    return {
      issuer: registry.issuer,
      token_endpoint: `${base}/oidc/token`,
      backchannel_authentication_endpoint: `${base}/oidc/bc-authorize`,
      jwks_uri: `${base}/oidc/jwks`,
      grant_types_supported: [CIBA_GRANT_TYPE, 'client_credentials'],
      backchannel_token_delivery_modes_supported: ['poll'],
      backchannel_user_code_parameter_supported: false,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['ES256', 'RS256', 'PS256'],
      scopes_supported: ['openid', 'location-retrieval:read', 'location-verification:verify'],
    };
  }

  function authorize(form: URLSearchParams, res: ServerResponse): void {
    if (form.has('login_hint_token') || form.has('id_token_hint')) {
      return oauthError(res, 400, 'invalid_request', 'login_hint is the only hint');
    }
    const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
    const purposes = scopes.filter((scope) => scope.startsWith('dpv:'));
    const apis = scopes.filter((scope) => scope.includes(':') && !scope.startsWith('dpv:'));
    if (!scopes.includes('openid') || purposes.length !== 1 || apis.length === 0) {
      return oauthError(res, 400, 'invalid_scope', 'openid, exactly one dpv: purpose and an API scope');
    }
    const hint = form.get('login_hint') ?? '';
    const number = hint.startsWith('tel:') ? hint.slice(4) : '';
    const subscriber = PHONE_NUMBER.test(number) ? subscriberOf(number) : undefined;
    if (subscriber === undefined) return oauthError(res, 400, 'unknown_user_id');
    const id = randomBytes(18).toString('base64url');
    const interval = subscriber.interval === null ? 5 : (subscriber.interval ?? options.interval ?? 5);
    const at = now();
    const answer =
      subscriber.consent === 'at-once' ? 'yes' : subscriber.consent === 'refuses' ? 'no' : 'pending';
    const expiresIn = subscriber.expiresIn ?? 120;
    requests.set(id, {
      number,
      scopes,
      createdAt: at,
      expiresIn,
      interval,
      lastPollAt: at,
      answer,
      done: false,
      polls: 0,
    });
    json(res, { auth_req_id: id, expires_in: expiresIn, ...(subscriber.interval !== null && { interval }) });
  }

  function token(form: URLSearchParams, res: ServerResponse): void {
    if (form.get('grant_type') !== CIBA_GRANT_TYPE) return oauthError(res, 400, 'unsupported_grant_type');
    const id = form.get('auth_req_id') ?? '';
    const request = requests.get(id);
    if (request === undefined || request.done) return oauthError(res, 400, 'invalid_grant');
    const at = now();
    const told = (answer: string) => polls.push({ number: request.number, at, answer });
    if (downFor.has(request.number)) {
      told('down');
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      return void res.end('upstream connect error');
    }
    if (at > request.createdAt + request.expiresIn * 1000) {
      told('expired_token');
      return oauthError(res, 400, 'expired_token');
    }
    const early = at - request.lastPollAt < request.interval * 1000;
    request.lastPollAt = at;
    request.polls += 1;
    const subscriber = subscriberOf(request.number);
    if (early || request.polls <= (subscriber?.slowDownPolls ?? 0)) {
      request.interval += 5;
      told('slow_down');
      return oauthError(res, 400, 'slow_down');
    }
    if (request.answer !== 'yes') {
      const error = request.answer === 'pending' ? 'authorization_pending' : 'access_denied';
      request.done = error === 'access_denied';
      told(error);
      return oauthError(res, 400, error);
    }
    if (subscriber?.tokenRaw === 'hang') return void told('hang');
    request.done = subscriber?.tokenRaw === undefined || subscriber.tokenRaw.status === 200;
    told('token');
    if (subscriber?.tokenRaw !== undefined) {
      res.writeHead(subscriber.tokenRaw.status, subscriber.tokenRaw.headers);
      return void res.end(subscriber.tokenRaw.body);
    }
    const accessToken = randomBytes(24).toString('base64url');
    const seconds = subscriber?.tokenSeconds ?? 3600;
    state.tokens.set(accessToken, {
      number: request.number,
      scopes: request.scopes,
      expiresAt: at + seconds * 1000,
    });
    json(res, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: seconds,
      scope: request.scopes.join(' '),
    });
  }

  async function oidc(path: string, req: IncomingMessage, res: ServerResponse, text: string): Promise<void> {
    if (path === '/.well-known/openid-configuration' && req.method === 'GET') return json(res, metadata());
    if (path !== '/bc-authorize' && path !== '/token') return oauthError(res, 404, 'not_found');
    if (
      req.method !== 'POST' ||
      !/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')
    ) {
      return oauthError(res, 400, 'invalid_request', 'POST a form');
    }
    const form = new URLSearchParams(text);
    const client = await checkClient(registry, form, `${base}/oidc${path}`);
    if (!client.ok) return oauthError(res, 401, 'invalid_client', client.description);
    return path === '/token' ? token(form, res) : authorize(form, res);
  }

  function control(url: URL, res: ServerResponse): void {
    const number = url.searchParams.get('number') ?? '';
    if (url.pathname === '/control/answer') {
      return json(res, { answered: answer(number, url.searchParams.get('yes') === 'true') });
    }
    if (url.pathname === '/control/down') {
      tokenDown(number, url.searchParams.get('down') === 'true');
      return json(res, { down: downFor.has(number) });
    }
    const count = (kind: string) =>
      polls.filter((poll) => poll.number === number && poll.answer === kind).length;
    json(res, {
      tokens: count('token'),
      pending: count('authorization_pending'),
      slowDown: count('slow_down'),
      api: state.seen.filter((seen) => seen.number === number).length,
      requests: [...requests.values()].filter((request) => request.number === number).length,
    });
  }

  function tokenDown(number: string, down: boolean): void {
    if (down) downFor.add(number);
    else downFor.delete(number);
  }

  function answer(number: string, yes: boolean): boolean {
    const waiting = [...requests.values()].filter((request) => request.number === number && !request.done);
    for (const request of waiting) request.answer = yes ? 'yes' : 'no';
    return waiting.length > 0;
  }

  function route(req: IncomingMessage, res: ServerResponse, text: string): void {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/health') return void res.end('ok');
    if (geo.handle(req, res, url, text)) return;
    if (url.pathname.startsWith('/control/')) return control(url, res);
    if (url.pathname.startsWith('/oidc/')) return void oidc(url.pathname.slice(5), req, res, text);
    const operation = {
      '/api/location-retrieval/v0.5/retrieve': 'retrieve',
      '/api/location-verification/v3/verify': 'verify',
    }[url.pathname] as 'retrieve' | 'verify' | undefined;
    if (operation !== undefined && req.method === 'POST') return handleApi(state, operation, req, res, text);
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ status: 404, code: 'NOT_FOUND', message: 'No such path' }));
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  registry.issuer = `${base}/oidc`;
  return {
    url: base,
    issuer: registry.issuer,
    apiRoot: `${base}/api`,
    assertions: registry.assertions,
    api: state.seen,
    polls,
    answer,
    revoke(number) {
      for (const [token, issued] of state.tokens) if (issued.number === number) state.tokens.delete(token);
    },
    issued: () => [...state.tokens.keys()],
    tokenDown,
    geofencing: geo,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [port = '0', clientId = CAMARA_CLIENT_ID, keyFile = '', interval = '5'] = process.argv.slice(2);
  const clientKey = createPublicKey(readFileSync(keyFile, 'utf8'));
  const standIn = await startCamaraStandIn({
    port: Number(port),
    clientId,
    clientKey,
    interval: Number(interval),
  });
  console.log(`Stand-in CAMARA operator: issuer ${standIn.issuer}, API ${standIn.apiRoot}`);
  const stop = (): void => void standIn.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
