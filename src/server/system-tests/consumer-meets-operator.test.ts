import { execFile } from 'node:child_process';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { MNC12_CELL, TAMPERE_CELL } from '../admin/demo-data';
import { camaraLocationSource } from '../location/camara-location';
import type { Store } from '../store/sqlite/open';
import { startOperator, type RunningOperator } from '../testing/camara-operator';
import { tempStores } from '../testing/temp-stores';
import { startCamaraConsumer } from '../camara-consumer/start';
import { DEFAULT_PURPOSE } from '../camara-consumer/settings';
import { until as waitFor } from '../testing/processes';

/** Asks over HTTP, so less often than the shared default. */
const until = <T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> =>
  waitFor(what, check, 60_000, 200);

/* The two halves meet: the service as a CAMARA consumer (LOCATION_SOURCE=camara) asks a second instance of the
   service as the CAMARA operator, over loopback HTTP, with real CIBA and real tokens; the subscriber answers on
   the operator's side with its admin command line (sms-reply), as the document's authorization SMS. */
const run = promisify(execFile);
const CLIENT_ID = 'cellpos-consumer';
const { dir, open } = tempStores('cellpos-camara-meet-');
let keyDir: string;
let privateKeyFile: string;
let publicKeyFile: string;
const opened: Store[] = [];
const consumers: Array<{ settled(): Promise<void> }> = [];

beforeAll(() => {
  keyDir = mkdtempSync(join(tmpdir(), 'cellpos-camara-meet-key-'));
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  privateKeyFile = join(keyDir, 'client.pem');
  publicKeyFile = join(keyDir, 'public.pem');
  writeFileSync(privateKeyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(publicKeyFile, createPublicKey(privateKey).export({ format: 'pem', type: 'spki' }));
});
afterEach(async () => {
  for (const consumer of consumers.splice(0)) await consumer.settled();
  for (const store of opened.splice(0)) store.close();
});
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));

/** The operator's admin command line, as its operator runs it (a process of its own, over the same database). */
async function operatorCli(op: RunningOperator, ...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join('src', 'server', 'cli.ts'), ...args, '--db', op.dbFile],
    { encoding: 'utf8', env: { ...process.env, PUBLIC_URL: op.url }, timeout: 60_000 },
  );
  return stdout.trim();
}

/**
 * An operator (a running service, its consumer registered by `camara-client add`) with a subscriber in `cell`
 * who has never answered an authorization SMS (none: the operator has no subscriber of that number), and a
 * consumer service (LOCATION_SOURCE=camara) where the number is a user of its own.
 */
async function meet({ cell = MNC12_CELL as typeof MNC12_CELL | null, msisdn = '358407654321' } = {}) {
  const op = await startOperator();
  expect(await operatorCli(op, 'camara-client', 'add', CLIENT_ID, publicKeyFile)).toContain(CLIENT_ID);
  const subscriberKey = cell === null ? '' : op.store.registerUser('demo', msisdn);
  if (cell !== null) op.store.setPhoneCell(subscriberKey, cell);

  const store = open(join(dir, `consumer-${msisdn}-${Date.now()}.db`), false);
  opened.push(store);
  store.addDeveloper('acme');
  const serviceKey = store.issueServiceKey('acme');
  const userKey = store.registerUser('acme', msisdn);
  const log: string[] = [];
  const consumer = await startCamaraConsumer(
    { issuer: op.issuer, apiRoot: op.apiRoot, clientId: CLIENT_ID, privateKeyFile, purpose: DEFAULT_PURPOSE },
    { store: store.camaraConsumer, timeoutMs: 10_000, log: (line) => log.push(line) },
  );
  consumers.push(consumer);
  const app = createApp({ store, camaraLocation: camaraLocationSource(consumer), staticDir: null });
  const keys = `serviceKey=${serviceKey}&userKey=${userKey}`;
  const call = async (method: 'GET' | 'POST', path: string, query = '') => {
    const response = await app.request(`/api${path}?${keys}${query}`, {
      method,
      headers: { Accept: 'application/json' },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** Asks the service again and again, as the app does, until the answer is no longer pending. */
  const settled = (path: string) =>
    until(`an answer to ${path}`, async () => {
      const answer = await call('GET', path);
      return answer.status === 202 ? undefined : answer;
    });
  return { op, subscriberKey, call, settled, log, consumer };
}

describe('the service as CAMARA consumer, asking the service as CAMARA operator', () => {
  it('waits for the subscriber, who approves with sms-reply; then the area of their cell, and no consent asked again', async () => {
    const { op, subscriberKey, call, settled } = await meet();
    const asked = await call('POST', '/camara/locate');
    expect(asked).toMatchObject({ status: 202, body: { state: 'pending', checkAgainSeconds: 5 } });
    // The operator holds the request for the subscriber: still pending once it has been polled.
    await until('the first poll', async () => {
      const answer = await call('GET', '/camara/locate');
      expect(answer.status).toBe(202);
      return op.lines.some((line) => line.includes('POST /oidc/token')) ? true : undefined;
    });
    expect((await call('GET', '/camara/locate')).status).toBe(202);

    expect(await operatorCli(op, 'sms-reply', subscriberKey)).toContain(
      'Approved 1 waiting CAMARA consent request.',
    );
    const located = await settled('/camara/locate');
    expect(located).toMatchObject({
      status: 200,
      body: {
        state: 'located',
        // The operator's area: a circle round the subscriber's cell, 1 km where the cell's range is unknown.
        area: { shape: 'circle', center: { lat: MNC12_CELL.lat, lon: MNC12_CELL.lon }, radiusM: 1000 },
      },
    });

    // A second Locate within the token's life goes straight to the operator's API: no new consent request.
    const requests = () => op.lines.filter((line) => line.includes('POST /oidc/backchannel')).length;
    const before = requests();
    expect(before).toBe(1);
    expect(await call('POST', '/camara/locate')).toMatchObject({ status: 200, body: { state: 'located' } });
    expect(requests()).toBe(before);
  });

  it('refused with sms-reply --no: the consumer says so, and shows no area', async () => {
    const { op, subscriberKey, call, settled } = await meet({ cell: TAMPERE_CELL, msisdn: '358407654322' });
    expect((await call('POST', '/camara/locate')).status).toBe(202);
    await operatorCli(op, 'sms-reply', subscriberKey, '--no');
    const refused = await settled('/camara/locate');
    expect(refused).toMatchObject({ status: 403, body: { state: 'failed', reason: 'refused' } });
    expect(refused.body).not.toHaveProperty('area');
  });

  it('verifies: within 5 km of the cell yes, in another town no, with the circle asked about', async () => {
    const { op, subscriberKey, call, settled } = await meet({ cell: TAMPERE_CELL, msisdn: '358407654323' });
    const near = `&lat=${TAMPERE_CELL.lat}&lon=${TAMPERE_CELL.lon}&radius=5000`;
    expect((await call('POST', '/camara/verify', near)).status).toBe(202);
    // The operator asks the subscriber; the next question, for the same purpose and data, is answered at once.
    expect(await operatorCli(op, 'sms-reply', subscriberKey)).toContain(
      'Approved 1 waiting CAMARA consent request.',
    );
    expect(await settled('/camara/verify')).toMatchObject({
      status: 200,
      body: {
        state: 'verified',
        result: 'TRUE',
        circle: { center: { lat: TAMPERE_CELL.lat, lon: TAMPERE_CELL.lon }, radiusM: 5000 },
      },
    });
    // Helsinki, where the operator has cells too, about 150 km from the phone in Tampere.
    const far = `&lat=${MNC12_CELL.lat}&lon=${MNC12_CELL.lon}&radius=5000`;
    expect(await call('POST', '/camara/verify', far)).toMatchObject({
      status: 200,
      body: { state: 'verified', result: 'FALSE' },
    });
  });

  it('a number the operator has no subscriber for: unknown-number at once, and no consent asked', async () => {
    const { op, call } = await meet({ cell: null, msisdn: '358407654324' });
    expect(await call('POST', '/camara/locate')).toMatchObject({
      status: 404,
      body: { state: 'failed', reason: 'unknown-number' },
    });
    expect(op.lines.filter((line) => line.includes('POST /oidc/token'))).toEqual([]);
  });
});
