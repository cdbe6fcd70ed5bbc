import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMetadata } from './discovery';
import { clientKeyFromPem, ClientKeyError, loadClientKey } from './key';
import { DEFAULT_PURPOSE, parseCamaraSettings, parseLocationSource } from './settings';

class Failed extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
  }
}
const fail = (variable: string, problem: string): never => {
  throw new Failed(variable, problem);
};
const reader = (env: Record<string, string>) => (name: string) => env[name];

const GOOD = {
  CAMARA_ISSUER: 'https://operator.example/oidc',
  CAMARA_API_ROOT: 'https://api.operator.example/camara/',
  CAMARA_CLIENT_ID: 'cellpos',
  CAMARA_PRIVATE_KEY: '/etc/cellpos/camara.pem',
};

describe('LOCATION_SOURCE and the CAMARA_* settings', () => {
  it('defaults to the store, or to the operator in proxy mode', () => {
    expect(parseLocationSource(reader({}), fail, false)).toBe('store');
    expect(parseLocationSource(reader({}), fail, true)).toBe('operator');
    expect(parseLocationSource(reader({ LOCATION_SOURCE: 'CAMARA' }), fail, false)).toBe('camara');
    expect(() => parseLocationSource(reader({ LOCATION_SOURCE: 'gps' }), fail, false)).toThrow(
      'LOCATION_SOURCE: "gps" is not one of store, operator, camara',
    );
  });

  it('reads the CAMARA settings, the root without its trailing slash and the default purpose', () => {
    expect(parseCamaraSettings(reader(GOOD), fail)).toEqual({
      issuer: 'https://operator.example/oidc',
      apiRoot: 'https://api.operator.example/camara',
      clientId: 'cellpos',
      privateKeyFile: '/etc/cellpos/camara.pem',
      purpose: DEFAULT_PURPOSE,
    });
    expect(
      parseCamaraSettings(
        reader({ ...GOOD, CAMARA_PURPOSE: 'dpv:FraudPreventionAndDetection#device-location' }),
        fail,
      ).purpose,
    ).toBe('dpv:FraudPreventionAndDetection#device-location');
  });

  it.each([
    [{ CAMARA_ISSUER: undefined }, 'CAMARA_ISSUER'],
    [{ CAMARA_ISSUER: 'operator.example' }, 'CAMARA_ISSUER'],
    [{ CAMARA_ISSUER: 'http://operator.example/oidc' }, 'CAMARA_ISSUER'],
    [{ CAMARA_ISSUER: 'https://operator.example/oidc?tenant=1' }, 'CAMARA_ISSUER'],
    [{ CAMARA_API_ROOT: 'https://user:pw@api.operator.example' }, 'CAMARA_API_ROOT'],
    [{ CAMARA_API_ROOT: undefined }, 'CAMARA_API_ROOT'],
    [{ CAMARA_CLIENT_ID: undefined }, 'CAMARA_CLIENT_ID'],
    [{ CAMARA_CLIENT_ID: 'two words' }, 'CAMARA_CLIENT_ID'],
    [{ CAMARA_PRIVATE_KEY: undefined }, 'CAMARA_PRIVATE_KEY'],
    [{ CAMARA_PURPOSE: 'FraudPreventionAndDetection' }, 'CAMARA_PURPOSE'],
    [{ CAMARA_PURPOSE: 'dpv:A dpv:B' }, 'CAMARA_PURPOSE'],
  ])('%o is refused, naming %s', (change, variable) => {
    const env = Object.fromEntries(
      Object.entries({ ...GOOD, ...change }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    expect(() => parseCamaraSettings(reader(env), fail)).toThrow(expect.objectContaining({ variable }));
  });

  it('takes plain http for a loopback operator only', () => {
    const env = {
      ...GOOD,
      CAMARA_ISSUER: 'http://127.0.0.1:9000/oidc',
      CAMARA_API_ROOT: 'http://localhost:9000/api',
    };
    expect(parseCamaraSettings(reader(env), fail).issuer).toBe('http://127.0.0.1:9000/oidc');
  });
});

describe('CAMARA_PRIVATE_KEY', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cellpos-camara-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pem = (pair: ReturnType<typeof generateKeyPairSync>, type: 'pkcs8' | 'sec1' | 'pkcs1' = 'pkcs8') =>
    pair.privateKey.export({ format: 'pem', type } as never).toString();

  it('takes an EC P-256 key (PKCS#8 or SEC1) for ES256, with its thumbprint as kid', async () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    for (const type of ['pkcs8', 'sec1'] as const) {
      const key = await clientKeyFromPem(pem(pair, type));
      expect(key.algs).toEqual(['ES256']);
      expect(key.kid).toMatch(/^[\w-]{43}$/);
      expect(key.publicJwk).toMatchObject({
        kty: 'EC',
        crv: 'P-256',
        kid: key.kid,
        use: 'sig',
        alg: 'ES256',
      });
      expect(key.publicJwk).not.toHaveProperty('d');
    }
  });

  it('takes an RSA key (PKCS#8 or PKCS#1) for RS256 or PS256', async () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect((await clientKeyFromPem(pem(pair, 'pkcs1'))).algs).toEqual(['RS256', 'PS256']);
  });

  it.each([
    [
      'a public key',
      () =>
        generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .publicKey.export({ format: 'pem', type: 'spki' })
          .toString(),
      'public key',
    ],
    ['P-384', () => pem(generateKeyPairSync('ec', { namedCurve: 'P-384' })), 'secp384r1'],
    ['Ed25519', () => pem(generateKeyPairSync('ed25519')), 'ed25519'],
    ['RSA 1024', () => pem(generateKeyPairSync('rsa', { modulusLength: 1024 })), '1024 bits'],
    [
      'an encrypted key',
      () =>
        generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .privateKey.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'x' })
          .toString(),
      'passphrase',
    ],
    ['text', () => 'hello', 'not a PEM private key'],
    [
      'a damaged key',
      () => '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
      'not a readable',
    ],
  ])('refuses %s', async (_name, make, words) => {
    await expect(clientKeyFromPem(make())).rejects.toThrow(ClientKeyError);
    await expect(clientKeyFromPem(make())).rejects.toThrow(words);
  });

  it('names a missing file', async () => {
    await expect(loadClientKey(join(dir, 'nothing.pem'))).rejects.toThrow(
      `no such file: ${join(dir, 'nothing.pem')}`,
    );
    const file = join(dir, 'key.pem');
    writeFileSync(file, pem(generateKeyPairSync('ec', { namedCurve: 'P-256' })));
    expect((await loadClientKey(file)).algs).toEqual(['ES256']);
  });
});

describe('the operator’s discovery document', () => {
  const issuer = 'https://operator.example/oidc';
  const metadata = {
    issuer,
    backchannel_authentication_endpoint: 'https://operator.example/oidc/bc-authorize',
    token_endpoint: 'https://operator.example/oidc/token',
    grant_types_supported: ['urn:openid:params:grant-type:ciba'],
    backchannel_token_delivery_modes_supported: ['poll', 'ping'],
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
  };
  const read = (change: Record<string, unknown>, algs: Array<'ES256' | 'RS256' | 'PS256'> = ['ES256']) =>
    readMetadata(JSON.stringify({ ...metadata, ...change }), issuer, algs);

  it('gives the endpoints and the algorithm', () => {
    expect(read({})).toEqual({
      ok: true,
      endpoints: {
        issuer,
        backchannelEndpoint: metadata.backchannel_authentication_endpoint,
        tokenEndpoint: metadata.token_endpoint,
        alg: 'ES256',
      },
    });
    const rsa = read({ token_endpoint_auth_signing_alg_values_supported: ['PS256'] }, ['RS256', 'PS256']);
    expect(rsa.ok && rsa.endpoints.alg).toBe('PS256');
  });

  it.each([
    [{ issuer: 'https://operator.example/oidc/' }, 'set CAMARA_ISSUER to exactly that'],
    [{ backchannel_authentication_endpoint: undefined }, 'lists no backchannel_authentication_endpoint'],
    [{ token_endpoint: 'http://operator.example/token' }, 'not https'],
    // An https operator may not name a plain http service on the consumer's own host.
    [{ token_endpoint: 'http://127.0.0.1:8080/token' }, 'not https'],
    [{ backchannel_authentication_endpoint: 'http://localhost/bc' }, 'not https'],
    [{ grant_types_supported: ['authorization_code'] }, 'urn:openid:params:grant-type:ciba'],
    [{ backchannel_token_delivery_modes_supported: ['push'] }, 'poll'],
    [{ token_endpoint_auth_methods_supported: ['client_secret_basic'] }, 'private_key_jwt'],
    [{ token_endpoint_auth_signing_alg_values_supported: ['RS256'] }, 'this key signs with ES256'],
  ])('refuses %o', (change, words) => {
    const read1 = read(change);
    expect(read1.ok).toBe(false);
    expect(!read1.ok && read1.problem).toContain(words);
  });

  it('takes plain http endpoints on loopback from a loopback http issuer only', () => {
    const local = 'http://127.0.0.1:9000/oidc';
    const text = JSON.stringify({
      ...metadata,
      issuer: local,
      backchannel_authentication_endpoint: `${local}/bc-authorize`,
      token_endpoint: `${local}/token`,
    });
    expect(readMetadata(text, local, ['ES256']).ok).toBe(true);
    const away = JSON.stringify({ ...JSON.parse(text), token_endpoint: 'http://operator.example/token' });
    expect(readMetadata(away, local, ['ES256']).ok).toBe(false);
  });

  it('refuses what is not JSON', () => {
    expect(readMetadata('<html></html>', issuer, ['ES256'])).toEqual({
      ok: false,
      problem: 'the discovery document is not a JSON object',
    });
  });
});
