import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMARA_CLIENT_ID,
  CAMARA_NUMBERS as N,
  startCamaraStandIn,
  type CamaraStandIn,
} from '../../../scripts/stand-ins/camara';
import { postgresSkipped, testDatabase } from '../testing/postgres-database';
import { exited, output, processes, until } from '../testing/processes';
import { tempDir } from '../testing/temp-dir';

/*
 * The service as a CAMARA API consumer (LOCATION_SOURCE=camara) in two processes on one PostgreSQL, in front of the
 * stand-in operator: consent asked on one replica is carried on by the other, and the token it got spares the
 * subscriber a second consent on either.
 */
const dir = tempDir('replicas-camara-consumer');
const { node, startService } = processes(dir);
let standIn: CamaraStandIn;
const keyFile = join(dir, 'camara.pem');

beforeAll(async () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  writeFileSync(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }));
  standIn = await startCamaraStandIn({ clientKey: privateKey, interval: 1 });
});
afterAll(() => standIn.close());

async function cli(env: Record<string, string>, ...argv: string[]): Promise<string> {
  const child = node([join('src', 'server', 'cli.ts'), ...argv], env);
  const out = output(child);
  const { code } = await exited(child);
  if (code !== 0) throw new Error(`${argv.join(' ')}: ${out.text()}`);
  return out.text().trim();
}

/** Asks a replica until it has an answer other than "still waiting" (202), as the app does. */
async function settled(replica: string, path: string): Promise<Response> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await fetch(`${replica}${path}`, { headers: { Accept: 'application/json' } });
    if (answer.status !== 202) return answer;
    if (Date.now() > deadline) throw new Error(`${path} still waits on ${replica}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe.skipIf(postgresSkipped)('the CAMARA consumer on PostgreSQL, as two processes', () => {
  const database = testDatabase();

  it('carries on consent asked on one replica, and uses its token on both without asking again', async () => {
    const env = {
      DATABASE_URL: await database.another(),
      POSITIONING_DEMO: 'off',
      LOCATION_SOURCE: 'camara',
      CAMARA_ISSUER: standIn.issuer,
      CAMARA_API_ROOT: standIn.apiRoot,
      CAMARA_CLIENT_ID,
      CAMARA_PRIVATE_KEY: keyFile,
    };
    const [a, b] = await Promise.all([startService(env), startService(env)]);
    await cli(env, 'add-developer', 'acme');
    const serviceKey = await cli(env, 'issue-service-key', 'acme');
    const userKey = await cli(env, 'register-user', 'acme', N.approves.slice(1));
    const path = `/api/camara/locate?serviceKey=${serviceKey}&userKey=${userKey}`;
    const consents = () =>
      standIn.assertions.filter((seen) => seen.endpoint.endsWith('/bc-authorize')).length;

    const asked = await fetch(`${a.url}${path}`, { method: 'POST', headers: { Accept: 'application/json' } });
    expect(asked.status).toBe(202);
    // The subscriber approves on the phone once replica A's request has reached the operator.
    await until('the consent request', () => (standIn.answer(N.approves, true) ? true : undefined));
    const located = await settled(b.url, path);
    expect(located.status, a.log() + b.log()).toBe(200);
    expect(await located.json()).toMatchObject({ state: 'located', area: { shape: 'circle' } });
    expect(consents()).toBe(1);

    for (const replica of [b.url, a.url]) {
      const again = await fetch(`${replica}${path}`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
      });
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ state: 'located' });
    }
    expect(consents()).toBe(1);
    expect(standIn.issued()).toHaveLength(1);
  }, 120_000);
});
