import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startOperator, type RunningOperator } from '../testing/camara-operator';
import { runCamaraClient } from './camara-client';
import { tempStores } from '../testing/temp-stores';

const CIBA = 'urn:openid:params:grant-type:ciba';
const SCOPE = 'openid dpv:FraudPreventionAndDetection location-retrieval:read';

/** The admin command line as an operator runs it: another process, over the same database file. */
async function cli(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      join('src', 'server', 'cli.ts'),
      ...args,
    ]);
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

async function pendingRequest(op: RunningOperator, client = op.client) {
  const request = await op.oidc('/backchannel', client, { scope: SCOPE, login_hint: 'tel:+358401234568' });
  const poll = () =>
    op.oidc('/token', client, { grant_type: CIBA, auth_req_id: String(request.body.auth_req_id) });
  expect((await poll()).body.error).toBe('authorization_pending');
  return poll;
}

describe('sms-reply, run as its own process, answers the subscriber’s waiting CIBA requests', () => {
  it('approves: the service hands the polling consumer its token', async () => {
    const op = await startOperator();
    const poll = await pendingRequest(op);
    const reply = await cli(['sms-reply', 'demo-pending', '--db', op.dbFile]);
    expect(reply).toMatchObject({
      code: 0,
      out: expect.stringContaining('Approved 1 waiting CAMARA consent request.'),
    });
    // Polled at once: a decided request is answered whatever the pace.
    expect(await poll()).toMatchObject({ status: 200, body: { access_token: expect.any(String) } });
    // Consent is on record for this consumer, purpose and scope: a request for the same is approved at once.
    const again = await op.oidc('/backchannel', op.client, { scope: SCOPE, login_hint: 'tel:+358401234568' });
    const next = await op.oidc('/token', op.client, {
      grant_type: CIBA,
      auth_req_id: String(again.body.auth_req_id),
    });
    expect(next.status).toBe(200);
  });

  it('refuses with --no: the consumer is told access_denied', async () => {
    const op = await startOperator();
    const poll = await pendingRequest(op);
    const reply = await cli(['sms-reply', 'demo-pending', '--no', '--db', op.dbFile]);
    expect(reply).toMatchObject({
      code: 0,
      out: expect.stringContaining('Refused 1 waiting CAMARA consent request.'),
    });
    expect(await poll()).toMatchObject({ status: 400, body: { error: 'access_denied' } });
  });

  it('with two consumers waiting lists them and answers none (exit 2); --client answers that one’s', async () => {
    const op = await startOperator();
    const other = await op.addClient('other-app');
    const mine = await pendingRequest(op);
    const theirs = await pendingRequest(op, other);
    const listed = await cli(['sms-reply', 'demo-pending', '--db', op.dbFile]);
    expect(listed.code).toBe(2);
    expect(listed.out).toMatch(
      /^test-app\tdpv:FraudPreventionAndDetection\tlocation-retrieval:read\tasked 20/m,
    );
    expect(listed.out).toMatch(/^other-app\tdpv:FraudPreventionAndDetection\t/m);
    expect(listed.out).toContain('2 API consumers are waiting');
    expect(op.store.getUser('demo-pending')?.smsReplied).toBe(false);
    const reply = await cli(['sms-reply', 'demo-pending', '--client', 'other-app', '--db', op.dbFile]);
    expect(reply).toMatchObject({
      code: 0,
      out: expect.stringContaining('Approved 1 waiting CAMARA consent request.'),
    });
    expect((await theirs()).status).toBe(200);
    expect((await mine()).body.error).toMatch(/^(authorization_pending|slow_down)$/);
    const refused = await cli([
      'sms-reply',
      'demo-pending',
      '--client',
      'test-app',
      '--no',
      '--db',
      op.dbFile,
    ]);
    expect(refused.out).toContain('What test-app was given for this subscriber is withdrawn.');
    expect((await mine()).body.error).toBe('access_denied');
    // The document's authorization SMS is not what --client answers.
    expect(op.store.getUser('demo-pending')?.smsReplied).toBe(false);
    expect((await cli(['sms-reply', 'demo-pending', '--client', 'nobody', '--db', op.dbFile])).code).toBe(1);
  });
});

const { dir } = tempStores('cellpos-camara-cli-');
let dbs = 0;

async function admin(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCamaraClient(['camara-client', ...args], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: {},
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function keyFiles() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pub = join(dir, `public-${++dbs}.pem`);
  const priv = join(dir, `private-${dbs}.pem`);
  writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
  writeFileSync(priv, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  return { pub, priv };
}

describe('camara-client registers, lists and removes API consumers', () => {
  it('adds a consumer by its public key, lists it, and removes it', async () => {
    const db = join(dir, `clients-${++dbs}.db`);
    const { pub } = keyFiles();
    expect(await admin(['add', 'shop-app', pub, '--db', db])).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Registered shop-app\tCIBA\tEC P-256 key /),
    });
    expect(
      await admin(['add', 'fleet', '--jwks-uri', 'https://fleet.example/jwks', '--two-legged', '--db', db]),
    ).toMatchObject({ code: 0 });
    const listed = await admin(['list', '--db', db]);
    expect(listed.out.split('\n').map((line) => line.split('\t').slice(0, 3))).toEqual([
      ['fleet', 'CIBA and two-legged', 'keys at https://fleet.example/jwks'],
      ['shop-app', 'CIBA', expect.stringMatching(/^EC P-256 key /)],
    ]);
    expect(await admin(['remove', 'shop-app', '--db', db])).toMatchObject({
      code: 0,
      out: expect.stringContaining('Removed shop-app'),
    });
    expect(await admin(['remove', 'shop-app', '--db', db])).toMatchObject({
      code: 1,
      err: 'Error: no API consumer with the id "shop-app"',
    });
    expect((await admin(['list', '--db', db])).out).not.toContain('shop-app');
  });

  it('warns when the key file also holds a private key, which it neither reads nor stores', async () => {
    const db = join(dir, `clients-${++dbs}.db`);
    const { pub, priv } = keyFiles();
    const both = join(dir, `both-${dbs}.pem`);
    writeFileSync(both, readFileSync(pub, 'utf8') + readFileSync(priv, 'utf8'));
    const added = await admin(['add', 'careless', both, '--db', db]);
    expect(added).toMatchObject({ code: 0, out: expect.stringMatching(/^Registered careless\t/) });
    expect(added.err).toContain(
      `Warning: ${both}: the file also holds a private key, which was not read nor stored`,
    );
    expect((await admin(['add', 'careful', pub, '--db', db])).err).toBe('');
  });

  it('says clearly what is wrong with bad input, and stores nothing', async () => {
    const db = join(dir, `clients-${++dbs}.db`);
    const { pub, priv } = keyFiles();
    const text = join(dir, 'not-a-key.txt');
    writeFileSync(text, 'hello\n');
    await admin(['add', 'app', pub, '--db', db]);
    const cases: Array<[string[], number, RegExp]> = [
      [['add', 'app', pub], 1, /"app" is registered already/],
      [['add', 'app2', priv], 1, /this is a private key: register the public key only/],
      [['add', 'app3', text], 1, /not a PEM key/],
      [['add', 'app4', join(dir, 'missing.pem')], 1, /cannot read .*missing\.pem: ENOENT/],
      [['add', 'app5'], 2, /PUBLIC_KEY_FILE or --jwks-uri/],
      [['add', 'app6', pub, '--jwks-uri', 'https://a.example/jwks'], 2, /one of them/],
      [['add', 'app7', '--jwks-uri', 'http://a.example/jwks'], 2, /must be an https URL/],
      [['add', 'bad id', pub], 2, /ID must be 1–64 letters/],
      [['frobnicate'], 2, /unknown camara-client command "frobnicate"/],
    ];
    for (const [args, code, message] of cases) {
      const result = await admin([...args, '--db', db]);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.err, args.join(' ')).toMatch(message);
    }
    expect((await admin(['list', '--db', db])).out.split('\n')).toHaveLength(1);
  });
});
