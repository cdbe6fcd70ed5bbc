import { createHash } from 'node:crypto';

/**
 * The OpenID provider's models whose id is the token itself, usable by whoever reads it: their rows are kept under
 * a hash of the id, and the payload without its copy (jti), so a copy of the database holds no live token. Not
 * hashed: a CIBA request's auth_req_id (only the client that asked can redeem it, with its private key, which the
 * store never holds; the subscriber's answer by SMS finds their pending requests by id), a grant's id (redeems
 * nothing), and what the provider here never makes (sessions, interactions, device codes: found by uid and user
 * code, which needs the id kept).
 */
export const HASHED_MODELS: ReadonlySet<string> = new Set([
  'AccessToken',
  'ClientCredentials',
  'RefreshToken',
  'AuthorizationCode',
  'RegistrationAccessToken',
  'InitialAccessToken',
]);

/** SHA-256 of a token, base64url: the id its record is stored under. */
export function hashedRecordId(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('base64url');
}

/** A record stored in the clear by an older version: a hashed model's row whose payload still holds the token. */
export interface ClearRecord {
  model: string;
  id: string;
  payload: { [key: string]: unknown };
}

/** What such a record becomes: the hash as its id, the payload without the token. */
export function hashedRecord(record: ClearRecord): { id: string; payload: { [key: string]: unknown } } {
  const { jti: _token, ...payload } = record.payload;
  return { id: hashedRecordId(record.id), payload };
}
