import { randomUUID } from 'node:crypto';
import type { CamaraClient } from '../camara-store';
import {
  toClient,
  toSubscriber,
  type CamaraParties,
  type ClientRow,
  type SubscriberRow,
} from '../camara-party-rows';
import { StoreError } from '../records';
import { createCellsInBox } from './cells-in-box';
import type { Database } from './database';

/** camara_clients as SQLite's rows have them (camara-party-rows.ts ClientRow). */
const CLIENT_COLUMNS = 'client_id, jwks::text AS jwks, jwks_uri, two_legged::int AS two_legged, created_at';

const UNIQUE_VIOLATION = '23505';

const clientRow = (db: Database, clientId: string) =>
  db.one<ClientRow>('camara-client', `SELECT ${CLIENT_COLUMNS} FROM camara_clients WHERE client_id = $1`, [
    clientId,
  ]);

async function addClient(db: Database, added: CamaraClient): Promise<void> {
  await db
    .run(
      'camara-add-client',
      `INSERT INTO camara_clients (client_id, jwks, jwks_uri, two_legged, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [
        added.clientId,
        added.jwks === undefined ? null : JSON.stringify(added.jwks),
        added.jwksUri ?? null,
        added.twoLegged,
        added.createdAt,
      ],
    )
    .catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      throw new StoreError(`a client with the id "${added.clientId}" is registered already`);
    });
}

export function createCamaraParties(db: Database): CamaraParties {
  const cellsInBox = createCellsInBox(db);
  const client = (clientId: string) => clientRow(db, clientId);
  return {
    addClient: (added) => addClient(db, added),
    async getClient(clientId) {
      const row = await client(clientId);
      return row === undefined ? undefined : toClient(row);
    },
    async listClients() {
      return (
        await db.query<ClientRow>(
          'camara-clients',
          `SELECT ${CLIENT_COLUMNS} FROM camara_clients ORDER BY client_id`,
        )
      ).map(toClient);
    },
    removeClient(clientId) {
      return db.transaction(async () => {
        await db.run('camara-remove-records', 'DELETE FROM oidc_records WHERE client_id = $1', [clientId]);
        await db.run('camara-remove-consents', 'DELETE FROM camara_consents WHERE client_id = $1', [
          clientId,
        ]);
        return (
          (await db.run('camara-remove-client', 'DELETE FROM camara_clients WHERE client_id = $1', [
            clientId,
          ])) === 1
        );
      });
    },
    subjectFor(clientId, msisdn) {
      return db.transaction(async () => {
        if ((await client(clientId)) === undefined)
          throw new StoreError(`no client with the id "${clientId}"`);
        await db.run(
          'camara-add-subject',
          'INSERT INTO camara_subjects (sub, client_id, msisdn) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [randomUUID(), clientId, msisdn],
        );
        const row = await db.one<{ sub: string }>(
          'camara-subject',
          'SELECT sub FROM camara_subjects WHERE client_id = $1 AND msisdn = $2',
          [clientId, msisdn],
        );
        return row?.sub ?? '';
      });
    },
    async subjectOf(sub) {
      const row = await db.one<{ client_id: string; msisdn: string }>(
        'camara-subject-of',
        'SELECT client_id, msisdn FROM camara_subjects WHERE sub = $1',
        [sub],
      );
      return row === undefined ? undefined : { clientId: row.client_id, msisdn: row.msisdn };
    },
    async subscriber(msisdn) {
      const rows = await db.query<SubscriberRow>(
        'camara-subscriber',
        `SELECT u.cell_since, c.lat, c.lon, c.range FROM users AS u
         LEFT JOIN cells AS c ON c.mcc = u.current_mcc AND c.mnc = u.current_mnc AND c.cellid = u.current_cellid
         WHERE u.msisdn = $1 ORDER BY u.cell_since DESC NULLS LAST, u.id DESC`,
        [msisdn],
      );
      return toSubscriber(msisdn, rows);
    },
    async hasCellsIn(box) {
      const found = await cellsInBox({ ...box, limit: 1 });
      return 'cells' in found && found.cells.length > 0;
    },
  };
}
