import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCamaraKeyCommand } from './camara-key-command';

const dir = mkdtempSync(join(tmpdir(), 'cellpos-camara-key-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function runWith(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCamaraKeyCommand(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('camara-public-key', () => {
  it('prints the public half as PEM and JWKS, and nothing of the private key', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const file = join(dir, 'camara.pem');
    writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const printed = await runWith(['camara-public-key'], {
      CAMARA_PRIVATE_KEY: file,
      CAMARA_CLIENT_ID: 'cellpos',
    });
    expect(printed.code).toBe(0);
    expect(printed.out).toContain('(client cellpos)');
    expect(printed.out).toContain(
      createPublicKey(privateKey).export({ format: 'pem', type: 'spki' }).toString().trim(),
    );
    const jwks = JSON.parse(printed.out.split('\n').at(-1) ?? '') as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'sig', alg: 'ES256' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(printed.out).not.toContain('PRIVATE');
  });

  it('says in one line why there is no key to print', async () => {
    expect(await runWith(['camara-public-key', join(dir, 'none.pem')])).toMatchObject({
      code: 2,
      err: `Error: no such file: ${join(dir, 'none.pem')}`,
    });
    expect((await runWith(['camara-public-key'])).err).toContain(
      'give the key FILE, or set CAMARA_PRIVATE_KEY',
    );
  });
});
