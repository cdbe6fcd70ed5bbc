import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

/** The algorithms a client key can sign with, the key's own type deciding (EC P-256 or RSA). */
export type SigningAlg = 'ES256' | 'RS256' | 'PS256';

/** The client's key for private_key_jwt: the private half signs, the public half is what the operator registers. */
export interface ClientKey {
  privateKey: KeyObject;
  /** What the key can sign with, the preferred first (RS256 is what every operator accepts for RSA). */
  algs: SigningAlg[];
  /** The public key's JWK thumbprint (RFC 7638), sent as `kid` so the operator finds the key in a JWKS. */
  kid: string;
  /** The public half as a JWK, with `kid`, `use` and `alg`: the entry of the JWKS to register. */
  publicJwk: JWK;
}

/** Why the key cannot be used, in words for the one line the service prints at start. */
export class ClientKeyError extends Error {
  override name = 'ClientKeyError';
}

/** A PEM key is a few kilobytes; anything larger is not one. */
const MAX_KEY_FILE_BYTES = 64 * 1024;

function readKeyFile(file: string): string {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ClientKeyError(
      code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file} (${code ?? 'error'})`,
    );
  }
  if (size > MAX_KEY_FILE_BYTES) throw new ClientKeyError(`${file} is too large to be a PEM key`);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ClientKeyError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function algorithmsOf(key: KeyObject): SigningAlg[] {
  const details = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'ec':
      if (details.namedCurve !== 'prime256v1') {
        throw new ClientKeyError(
          `is an EC key on curve ${details.namedCurve ?? 'unknown'}; CAMARA clients use P-256 (ES256) or RSA`,
        );
      }
      return ['ES256'];
    case 'rsa':
    case 'rsa-pss':
      if ((details.modulusLength ?? 0) < 2048) {
        throw new ClientKeyError(
          `is an RSA key of ${details.modulusLength ?? 0} bits; at least 2048 are needed`,
        );
      }
      return key.asymmetricKeyType === 'rsa' ? ['RS256', 'PS256'] : ['PS256'];
    default:
      throw new ClientKeyError(
        `is an ${key.asymmetricKeyType ?? 'unknown'} key; CAMARA clients use EC P-256 (ES256) or RSA`,
      );
  }
}

/** The client key in PEM text: PKCS#8, or the older SEC1 ("EC PRIVATE KEY") and PKCS#1 ("RSA PRIVATE KEY") forms. */
export async function clientKeyFromPem(pem: string): Promise<ClientKey> {
  if (/-----BEGIN (ENCRYPTED PRIVATE KEY|[A-Z ]+PRIVATE KEY-----[\s\S]*Proc-Type: 4,ENCRYPTED)/.test(pem)) {
    throw new ClientKeyError('is encrypted with a passphrase; give the service an unencrypted key file');
  }
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) {
    throw new ClientKeyError(
      /-----BEGIN (PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE)-----/.test(pem)
        ? 'holds a public key or certificate, not a private key: give the private key (the operator registers the public one)'
        : 'is not a PEM private key (expected "-----BEGIN PRIVATE KEY-----")',
    );
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: pem, format: 'pem' });
  } catch (error) {
    throw new ClientKeyError(`is not a readable PEM private key (${(error as Error).message})`);
  }
  const algs = algorithmsOf(privateKey);
  const publicJwk = await exportJWK(createPublicKey(privateKey));
  const kid = await calculateJwkThumbprint(publicJwk, 'sha256');
  return { privateKey, algs, kid, publicJwk: { ...publicJwk, kid, use: 'sig', alg: algs[0] } };
}

/** Reads and checks the key file named by CAMARA_PRIVATE_KEY. */
export async function loadClientKey(file: string): Promise<ClientKey> {
  const pem = readKeyFile(file);
  try {
    return await clientKeyFromPem(pem);
  } catch (error) {
    throw error instanceof ClientKeyError ? new ClientKeyError(`${file} ${error.message}`) : error;
  }
}
