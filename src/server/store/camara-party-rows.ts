import type { CamaraClient, CamaraStore, JsonObject, Subscriber } from './camara-store';

/** The parties of the CAMARA store: API consumers, subscribers and the pseudonyms that join them. */
export type CamaraParties = Pick<
  CamaraStore,
  | 'addClient'
  | 'getClient'
  | 'listClients'
  | 'removeClient'
  | 'subjectFor'
  | 'subjectOf'
  | 'subscriber'
  | 'hasCellsIn'
>;

/** A camara_clients row as both engines read it: jwks as JSON text, two_legged as 0 or 1. */
export interface ClientRow {
  client_id: string;
  jwks: string | null;
  jwks_uri: string | null;
  two_legged: number;
  created_at: number;
}

/** A subscriber's registration and its cell, as both engines read it. */
export interface SubscriberRow {
  cell_since: number | null;
  lat: number | null;
  lon: number | null;
  range: number | null;
}

export function toClient(row: ClientRow): CamaraClient {
  return {
    clientId: row.client_id,
    ...(row.jwks !== null && { jwks: JSON.parse(row.jwks) as { keys: JsonObject[] } }),
    ...(row.jwks_uri !== null && { jwksUri: row.jwks_uri }),
    twoLegged: row.two_legged === 1,
    createdAt: row.created_at,
  };
}

/** The registration whose phone entered its cell last gives the fix. */
export function toSubscriber(msisdn: string, rows: SubscriberRow[]): Subscriber | undefined {
  if (rows.length === 0) return undefined;
  const located = rows.find((row) => row.lat !== null && row.lon !== null && row.cell_since !== null);
  const subscriber: Subscriber = { msisdn };
  if (located?.lat != null && located.lon != null && located.cell_since != null) {
    subscriber.fix = {
      lat: located.lat,
      lon: located.lon,
      since: located.cell_since,
      ...(located.range !== null && located.range > 0 && { rangeMeters: located.range }),
    };
  }
  return subscriber;
}
