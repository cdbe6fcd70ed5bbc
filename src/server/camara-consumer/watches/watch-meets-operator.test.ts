import { execFile } from 'node:child_process';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createCamaraConsumer } from '../engine';
import { DEFAULT_PURPOSE } from '../settings';
import { startConsumerContext } from '../start';
import { GEOFENCING_DEFAULTS, startGeofencing } from '../../camara-operator/geofencing/engine';
import { MNC12_CELL, TAMPERE_CELL } from '../../admin/demo-data';
import { createListener } from '../../platform/http/listener';
import { camaraLocationSource } from '../../location/camara-location';
import { startOperator } from '../../testing/camara-operator';
import { tempStores } from '../../testing/temp-stores';
import { watchSource } from './watch-source';
import { until as waitFor } from '../../testing/processes';

/** Asks over HTTP, so less often than the shared default. */
const until = <T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> =>
  waitFor(what, check, 60_000, 300);

/* The two halves meet: the service's watches subscribe at the service as the CAMARA operator (its geofencing
   engine running), consent by sms-reply; a move of the phone reaches the consumer's sink as an event. */
const run = promisify(execFile);
const { dir, open } = tempStores('cellpos-watch-meet-');
const keyDir = mkdtempSync(join(tmpdir(), 'cellpos-watch-meet-key-'));
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));

describe('watches against the service as the CAMARA operator', () => {
  it('subscribes after the consent, hears the phone leave, and stops', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const privateKeyFile = join(keyDir, 'client.pem');
    const publicKeyFile = join(keyDir, 'public.pem');
    writeFileSync(privateKeyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }));
    writeFileSync(publicKeyFile, createPublicKey(privateKey).export({ format: 'pem', type: 'spki' }));
    const op = await startOperator();
    const cli = async (...args: string[]) =>
      (
        await run(
          process.execPath,
          ['--import', 'tsx', join('src', 'server', 'cli.ts'), ...args, '--db', op.dbFile],
          {
            encoding: 'utf8',
            env: { ...process.env, PUBLIC_URL: op.url },
            timeout: 60_000,
          },
        )
      ).stdout;
    await cli('camara-client', 'add', 'cellpos-consumer', publicKeyFile);
    const msisdn = '358407654399';
    const subscriberKey = op.store.registerUser('demo', msisdn);
    op.store.setPhoneCell(subscriberKey, TAMPERE_CELL);
    const engine = startGeofencing({
      camara: op.store.camara,
      geofencing: op.store.geofencing,
      source: () => `${op.apiRoot}/geofencing-subscriptions/v0.5`,
      settings: { ...GEOFENCING_DEFAULTS, tickMs: 500 },
      log: () => undefined,
      now: Date.now,
    });

    const store = open(join(dir, 'consumer.db'), false);
    store.addDeveloper('acme');
    const keys = `serviceKey=${store.issueServiceKey('acme')}&userKey=${store.registerUser('acme', msisdn)}`;
    const settings = { issuer: op.issuer, apiRoot: op.apiRoot, clientId: 'cellpos-consumer', privateKeyFile };
    const context = await startConsumerContext(
      { ...settings, purpose: DEFAULT_PURPOSE },
      { store: store.camaraConsumer, timeoutMs: 10_000, log: () => undefined },
    );
    let url = '';
    const watches = watchSource(context, store.camaraWatches, () => url);
    const camaraLocation = camaraLocationSource(createCamaraConsumer(context), watches);
    const app = createApp({ store, camaraLocation, staticDir: null });
    const server = createServer(createListener(app, { hostname: '127.0.0.1', log: () => undefined }));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const call = async (method: string, path: string) => {
      const answer = await fetch(`${url}/api${path}${path.includes('?') ? '&' : '?'}${keys}`, { method });
      return (await answer.json()) as Record<string, unknown> & { watches?: Array<Record<string, unknown>> };
    };
    try {
      const circle = `lat=${TAMPERE_CELL.lat}&lon=${TAMPERE_CELL.lon}&radius=5000&when=leave`;
      const started = await call('POST', `/camara/watches?${circle}`);
      expect(started.state).toBe('consent');
      await cli('sms-reply', subscriberKey);
      await until('the watch active', async () =>
        (await call('GET', '/camara/watches')).watches?.[0]?.state === 'active' ? true : undefined,
      );
      op.store.setPhoneCell(subscriberKey, MNC12_CELL);
      const events = await until('the leave event', async () => {
        const [watch] = (await call('GET', '/camara/watches')).watches ?? [];
        const list = watch?.events as Array<{ kind: string }> | undefined;
        return list?.some((event) => event.kind === 'left') === true ? list : undefined;
      });
      expect(events.map((event) => event.kind)).toContain('left');
      const stopped = await call('DELETE', `/camara/watches/${String(started.id)}`);
      expect(stopped).toMatchObject({ state: 'ended', endReason: 'stopped' });
    } finally {
      await watches.watches.settled();
      await engine.stop();
      await new Promise<void>((done) => server.close(() => done()));
      store.close();
    }
  }, 120_000);
});
