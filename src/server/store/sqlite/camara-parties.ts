import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  toClient,
  toSubscriber,
  type CamaraParties,
  type ClientRow,
  type SubscriberRow,
} from '../camara-party-rows';
import { createCellsInBox } from './cells-in-box';
import { StoreError } from '../records';

type Db = Database.Database;

function prepare(db: Db) {
  return {
    addClient: db.prepare(
      `INSERT INTO camara_clients (client_id, jwks, jwks_uri, two_legged, created_at)
       VALUES (@clientId, @jwks, @jwksUri, @twoLegged, @createdAt)`,
    ),
    client: db.prepare<[string], ClientRow>('SELECT * FROM camara_clients WHERE client_id = ?'),
    clients: db.prepare<[], ClientRow>('SELECT * FROM camara_clients ORDER BY client_id'),
    removeClient: db.prepare<[string]>('DELETE FROM camara_clients WHERE client_id = ?'),
    removeRecords: db.prepare<[string]>('DELETE FROM oidc_records WHERE client_id = ?'),
    removeConsents: db.prepare<[string]>('DELETE FROM camara_consents WHERE client_id = ?'),
    subject: db.prepare<[string, string], { sub: string }>(
      'SELECT sub FROM camara_subjects WHERE client_id = ? AND msisdn = ?',
    ),
    addSubject: db.prepare<[string, string, string]>(
      'INSERT INTO camara_subjects (sub, client_id, msisdn) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    subjectOf: db.prepare<[string], { client_id: string; msisdn: string }>(
      'SELECT client_id, msisdn FROM camara_subjects WHERE sub = ?',
    ),
    subscriber: db.prepare<[string], SubscriberRow>(
      `SELECT u.cell_since, c.lat, c.lon, c.range FROM users AS u
       LEFT JOIN cells AS c ON c.mcc = u.current_mcc AND c.mnc = u.current_mnc AND c.cellid = u.current_cellid
       WHERE u.msisdn = ? ORDER BY u.cell_since DESC, u.id DESC`,
    ),
  };
}

export function createCamaraParties(db: Db): CamaraParties {
  const q = prepare(db);
  const cellsInBox = createCellsInBox(db);
  return {
    async addClient(client) {
      db.transaction(() => {
        if (q.client.get(client.clientId) !== undefined) {
          throw new StoreError(`a client with the id "${client.clientId}" is registered already`);
        }
        q.addClient.run({
          clientId: client.clientId,
          jwks: client.jwks === undefined ? null : JSON.stringify(client.jwks),
          jwksUri: client.jwksUri ?? null,
          twoLegged: client.twoLegged ? 1 : 0,
          createdAt: client.createdAt,
        });
      }).immediate();
    },
    async getClient(clientId) {
      const row = q.client.get(clientId);
      return row === undefined ? undefined : toClient(row);
    },
    async listClients() {
      return q.clients.all().map(toClient);
    },
    async removeClient(clientId) {
      return db
        .transaction(() => {
          q.removeRecords.run(clientId);
          q.removeConsents.run(clientId);
          return q.removeClient.run(clientId).changes === 1;
        })
        .immediate();
    },
    async subjectFor(clientId, msisdn) {
      return db
        .transaction(() => {
          if (q.client.get(clientId) === undefined)
            throw new StoreError(`no client with the id "${clientId}"`);
          q.addSubject.run(randomUUID(), clientId, msisdn);
          return (q.subject.get(clientId, msisdn) as { sub: string }).sub;
        })
        .immediate();
    },
    async subjectOf(sub) {
      const row = q.subjectOf.get(sub);
      return row === undefined ? undefined : { clientId: row.client_id, msisdn: row.msisdn };
    },
    async subscriber(msisdn) {
      return toSubscriber(msisdn, q.subscriber.all(msisdn));
    },
    async hasCellsIn(box) {
      const found = cellsInBox({ ...box, limit: 1 });
      return 'cells' in found && found.cells.length > 0;
    },
  };
}
