import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ClientKeyError, clientJwks, pemWarnings } from './client-keys';

const pem = (type: 'ec' | 'rsa' | 'ed25519' | 'x25519', options: object = {}) => {
  const { publicKey, privateKey } = generateKeyPairSync(type as 'ec', options as { namedCurve: string });
  return {
    public: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    private: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
};

describe('a consumer’s public key, registered as a JWK Set', () => {
  it('takes EC P-256, RSA and Ed25519 public keys, with a thumbprint kid and no private part', async () => {
    for (const key of [
      pem('ec', { namedCurve: 'P-256' }),
      pem('rsa', { modulusLength: 2048 }),
      pem('ed25519'),
    ]) {
      const { keys } = await clientJwks(key.public);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({ use: 'sig', kid: expect.stringMatching(/^[\w-]{43}$/) });
      expect(keys[0]).not.toHaveProperty('d');
    }
    const rsaPkcs1 = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
      type: 'pkcs1',
      format: 'pem',
    });
    expect((await clientJwks(rsaPkcs1.toString())).keys[0]).toMatchObject({ kty: 'RSA' });
  });

  it('refuses a private key given by mistake, saying how to make the public one', async () => {
    for (const key of [
      pem('ec', { namedCurve: 'P-256' }).private,
      pem('rsa', { modulusLength: 2048 }).private,
    ]) {
      await expect(clientJwks(key)).rejects.toThrow(/private key.*-pubout/);
    }
    const sec1 = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'sec1',
      format: 'pem',
    });
    await expect(clientJwks(sec1.toString())).rejects.toThrow(ClientKeyError);
  });

  it('refuses what is not a PEM key, and a PEM that does not parse', async () => {
    await expect(clientJwks('hello')).rejects.toThrow(/not a PEM key/);
    await expect(clientJwks('{"kty":"EC"}')).rejects.toThrow(/not a PEM key/);
    await expect(clientJwks('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).rejects.toThrow(
      /cannot be read/,
    );
  });

  it('refuses keys that cannot sign client assertions here', async () => {
    await expect(clientJwks(pem('rsa', { modulusLength: 1024 }).public)).rejects.toThrow(/1024 bits/);
    await expect(clientJwks(pem('ec', { namedCurve: 'secp256k1' }).public)).rejects.toThrow(/secp256k1/);
    await expect(clientJwks(pem('x25519').public)).rejects.toThrow(/x25519 key cannot sign/);
  });

  it('refuses an RSA-PSS key, saying to make an ordinary RSA key', async () => {
    const pss = generateKeyPairSync('rsa-pss', { modulusLength: 2048 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    const refused = clientJwks(pss.toString());
    await expect(refused).rejects.toThrow(ClientKeyError);
    await expect(refused).rejects.toThrow(/RSA-PSS key .*openssl genpkey -algorithm RSA /);
  });

  it('warns of a private key, or more keys, after the registered one', () => {
    const ec = pem('ec', { namedCurve: 'P-256' });
    expect(pemWarnings(ec.public)).toEqual([]);
    expect(pemWarnings(ec.public + ec.private)).toEqual([expect.stringMatching(/also holds a private key/)]);
    expect(pemWarnings(ec.public + ec.public)).toEqual([expect.stringMatching(/only the first key/)]);
  });
});
