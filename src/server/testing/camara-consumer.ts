// For tests only: the consumer wired to the stand-in CAMARA operator (scripts/stand-ins/camara.ts) over loopback
// HTTP, on a temporary SQLite database, with one clock both sides read and the test moves.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAMARA_CLIENT_ID, startCamaraStandIn, type CamaraStandIn } from '../../../scripts/stand-ins/camara';
import { openDemoStore } from '../admin/demo-data';
import type { Store } from '../store/sqlite/open';
import { discover } from '../camara-consumer/discovery';
import { createCamaraConsumer, type CamaraConsumer } from '../camara-consumer/engine';
import { fetchOperator } from '../camara-consumer/http';
import { clientKeyFromPem, type ClientKey } from '../camara-consumer/key';
import type { ConsumerContext, Subscriber } from '../camara-consumer/context';
import { DEFAULT_PURPOSE } from '../camara-consumer/settings';
import { tokenSeal } from '../camara-consumer/seal';

export interface Harness {
  consumer: CamaraConsumer;
  standIn: CamaraStandIn;
  key: ClientKey;
  store: Store;
  context: ConsumerContext;
  log: string[];
  /** The shared clock, Unix milliseconds. */
  clock: { now: number };
  /** Moves the shared clock on. */
  advance(seconds: number): void;
  /** A user registered with the number (E.164, "+" and digits). */
  subscriber(phoneNumber: string): Subscriber;
  /** The same, with the keys the app would send. */
  register(phoneNumber: string): { subscriber: Subscriber; serviceKey: string; userKey: string };
  close(): Promise<void>;
}

export interface HarnessOptions {
  keyType?: 'ec' | 'rsa';
  /** Per-request deadline towards the operator, in ms. */
  timeoutMs?: number;
}

/** A PEM private key of the given type, made for the test. */
export function testKeyPem(type: 'ec' | 'rsa'): string {
  const { privateKey } =
    type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = { now: Date.parse('2026-05-04T09:00:00Z') };
  const now = () => clock.now;
  const key = await clientKeyFromPem(testKeyPem(options.keyType ?? 'ec'));
  const standIn = await startCamaraStandIn({ clientKey: key.privateKey, now });
  const dir = mkdtempSync(join(tmpdir(), 'cellpos-camara-consumer-'));
  const file = join(dir, 'positioning.db');
  const store = openDemoStore(file, false);
  const http = fetchOperator(options.timeoutMs ?? 5000);
  const discovered = await discover(http, standIn.issuer, key.algs);
  if (!discovered.ok) throw new Error(discovered.problem);
  const log: string[] = [];
  store.addDeveloper('dev');
  const serviceKey = store.issueServiceKey('dev');
  const context: ConsumerContext = {
    oauth: { http, key, clientId: CAMARA_CLIENT_ID, endpoints: discovered.endpoints },
    api: { http, apiRoot: standIn.apiRoot },
    purpose: DEFAULT_PURPOSE,
    store: store.camaraConsumer,
    seal: tokenSeal(key.privateKey),
    now,
    log: (line) => log.push(line),
  };
  const consumer = createCamaraConsumer(context, { patienceMs: 30_000 });
  const register = (phoneNumber: string) => {
    const msisdn = phoneNumber.replace(/^\+/, '');
    const userKey = store.registerUser('dev', msisdn);
    const user = store.getUser(userKey);
    if (user === undefined) throw new Error('user not registered');
    return { subscriber: { userId: user.id, msisdn }, serviceKey, userKey };
  };
  return {
    consumer,
    standIn,
    key,
    store,
    context,
    log,
    clock,
    advance(seconds) {
      clock.now += seconds * 1000;
    },
    subscriber: (phoneNumber) => register(phoneNumber).subscriber,
    register,
    async close() {
      await consumer.settled();
      await standIn.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
