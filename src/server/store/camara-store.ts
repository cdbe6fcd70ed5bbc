/**
 * What the service as a CAMARA operator keeps: the OpenID provider's state (its records, signing keys and the
 * pace of CIBA polling), the registered API consumers, the pseudonyms they know subscribers by, and what it reads
 * of the subscribers themselves. Promise-returning throughout, so that an engine reached over the network
 * (PostgreSQL) implements the same interface as the embedded one; testing/camara-store-suite.ts is the test suite
 * every implementation must pass.
 */

export type JsonObject = { [key: string]: unknown };

/** An API consumer as registered by the admin command line. Exactly one of `jwks` and `jwksUri` is set. */
export interface CamaraClient {
  clientId: string;
  /** Public keys only (JWK Set). */
  jwks?: { keys: JsonObject[] };
  jwksUri?: string;
  /** Agreed at onboarding: the client may ask for two-legged tokens (client_credentials). */
  twoLegged: boolean;
  /** Unix milliseconds. */
  createdAt: number;
}

/** A subscriber (all users registered with one MSISDN), as Device Location sees them. */
export interface Subscriber {
  /** Digits of the E.164 number, without "+". */
  msisdn: string;
  /** The phone's current cell, from the registration whose phone entered its cell last; absent: not located. */
  fix?: CellFix;
}

export interface CellFix {
  lat: number;
  lon: number;
  /** Metres, when the cell's range is known. */
  rangeMeters?: number;
  /** Unix milliseconds: when the phone entered the cell. */
  since: number;
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** What a standing consent names in place of a consumer, a purpose and a scope: any (the demo subscriber's). */
export const ANY = '*';

/** A subscriber's consent to one API consumer, for one purpose (a `dpv:` scope), to the API scopes named. */
export interface Consent {
  msisdn: string;
  clientId: string;
  purpose: string;
  scopes: readonly string[];
}

/** What a CIBA poll is told about its pace: `early` when it came before `interval` seconds had passed. */
export interface PollPace {
  early: boolean;
  interval: number;
}

export interface CamaraStore {
  /** Keeps one of oidc-provider's records; forgotten after `forgetAt` (Unix seconds), never when undefined. */
  saveRecord(model: string, id: string, payload: JsonObject, forgetAt: number | undefined): Promise<void>;
  /** A record not yet forgotten at `now` (Unix seconds). */
  findRecord(model: string, id: string, now: number): Promise<JsonObject | undefined>;
  findRecordBy(
    model: string,
    field: 'uid' | 'userCode',
    value: string,
    now: number,
  ): Promise<JsonObject | undefined>;
  /** Marks a record consumed at `at`; false when it was consumed already (or is gone), so only one caller wins. */
  consumeRecord(model: string, id: string, at: number): Promise<boolean>;
  deleteRecord(model: string, id: string): Promise<void>;
  /** Deletes every record that belongs to the grant. */
  deleteGrant(grantId: string): Promise<void>;
  /** Ids of the subscriber's CIBA requests that are neither answered nor expired at `now`, oldest first. */
  pendingRequests(msisdn: string, now: number): Promise<string[]>;
  /** Records that the subscriber consented (at `at`, Unix ms); kept until withdrawn. */
  recordConsent(consent: Consent, at: number): Promise<void>;
  /** True when the subscriber consented to the consumer, for the purpose, to every scope named (a standing consent
   *  of the subscriber's counts for any). */
  hasConsent(consent: Consent): Promise<boolean>;
  /**
   * The subscriber withdraws consent from one consumer, or (no `clientId`) from all, standing consent included:
   * the consents go, and the grants and tokens issued for the subscriber to those consumers. CIBA requests stay.
   * Returns how many grants and tokens were deleted.
   */
  withdrawConsent(msisdn: string, clientId?: string): Promise<number>;
  /** Deletes what is forgotten by `now`; returns how many. */
  prune(now: number): Promise<number>;
  /**
   * Records a poll of a CIBA request at `now` (Unix ms), atomically: early when the last poll was less than the
   * current interval ago, and then the interval grows by `step` seconds for this and every later poll. The pace
   * is forgotten after `forgetAt` (Unix seconds).
   */
  pacePoll(
    id: string,
    poll: { now: number; interval: number; step: number; forgetAt: number },
  ): Promise<PollPace>;
  /** The provider's private signing keys (JWK), oldest first. */
  signingKeys(): Promise<JsonObject[]>;
  /** Stores `keys` unless some are stored already (another process was first); returns the stored ones. */
  addSigningKeysIfNone(keys: JsonObject[]): Promise<JsonObject[]>;
  /** Throws a StoreError when the id is taken. */
  addClient(client: CamaraClient): Promise<void>;
  getClient(clientId: string): Promise<CamaraClient | undefined>;
  listClients(): Promise<CamaraClient[]>;
  /** Removes the client with its records, pseudonyms and the consents given to it; false when there was none. */
  removeClient(clientId: string): Promise<boolean>;
  /** The pseudonym (ID token `sub`) of a subscriber for one client, made on first use. */
  subjectFor(clientId: string, msisdn: string): Promise<string>;
  subjectOf(sub: string): Promise<{ clientId: string; msisdn: string } | undefined>;
  subscriber(msisdn: string): Promise<Subscriber | undefined>;
  /** True when the network has a known cell inside the box (`west > east` crosses 180°). */
  hasCellsIn(box: Box): Promise<boolean>;
}
