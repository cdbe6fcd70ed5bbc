import { createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import type { JsonObject } from '../../store/camara-store';

/** Why a consumer's key cannot be registered, in words the operator can act on. */
export class ClientKeyError extends Error {}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/;

/* The key types private_key_jwt assertions can be signed with here (oidc/provider.ts, clientAuthSigningAlgValues). */
function checkType(key: KeyObject): void {
  const type = key.asymmetricKeyType;
  const details = key.asymmetricKeyDetails;
  if (type === 'rsa-pss') {
    // A JWK has no form for a key restricted to PSS (id-RSASSA-PSS); an ordinary RSA key signs PS256 as well.
    throw new ClientKeyError(
      'this is an RSA-PSS key (id-RSASSA-PSS), which a JWK cannot carry: give the consumer an ordinary RSA key (openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048), which signs PS256 or RS256 alike',
    );
  }
  if (type === 'rsa') {
    if ((details?.modulusLength ?? 0) < 2048) {
      throw new ClientKeyError(
        `the RSA key has ${details?.modulusLength ?? '?'} bits; at least 2048 are needed`,
      );
    }
    return;
  }
  if (type === 'ec') {
    const curve = details?.namedCurve;
    if (curve === 'prime256v1' || curve === 'secp384r1' || curve === 'secp521r1') return;
    throw new ClientKeyError(`the EC key is on ${curve ?? 'an unknown curve'}; use P-256, P-384 or P-521`);
  }
  if (type === 'ed25519') return;
  throw new ClientKeyError(
    `a ${type ?? 'unknown'} key cannot sign client assertions; use an EC (P-256) or RSA key`,
  );
}

/**
 * What else a PEM file holds after the key that is registered, worded as a warning: a private key there is a copy
 * that should not be on the operator's side at all (it is neither read nor stored), and further keys are ignored.
 */
export function pemWarnings(pem: string): string[] {
  const labels = [...pem.matchAll(new RegExp(PEM_BLOCK.source, 'g'))].slice(1).map((block) => block[1] ?? '');
  const warnings: string[] = [];
  if (labels.some((label) => label.includes('PRIVATE'))) {
    warnings.push(
      'the file also holds a private key, which was not read nor stored: delete this copy (the private key belongs with the consumer alone), and have the consumer make a new key pair if the file was shared',
    );
  }
  const others = labels.filter((label) => !label.includes('PRIVATE')).length;
  if (others > 0)
    warnings.push(
      `the file holds ${others} more PEM block(s) after the key; only the first key is registered`,
    );
  return warnings;
}

/**
 * A consumer's public key, given as PEM, as the JWK Set registered for it. Refuses what is not a PEM public key,
 * and a private key given by mistake (which must never be handed to the operator, nor stored by it).
 */
export async function clientJwks(pem: string): Promise<{ keys: JsonObject[] }> {
  const block = PEM_BLOCK.exec(pem);
  if (block === null) {
    throw new ClientKeyError(
      'this is not a PEM key (expected -----BEGIN PUBLIC KEY----- ... -----END PUBLIC KEY-----)',
    );
  }
  const label = block[1] ?? '';
  if (label.includes('PRIVATE')) {
    throw new ClientKeyError(
      'this is a private key: register the public key only (openssl pkey -in private.pem -pubout -out public.pem), and keep the private key with the consumer',
    );
  }
  let key: KeyObject;
  try {
    key = createPublicKey(block[0]);
  } catch (error) {
    throw new ClientKeyError(`the ${label} cannot be read: ${(error as Error).message}`);
  }
  checkType(key);
  const jwk = await exportJWK(key);
  return { keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk), use: 'sig' }] };
}
