import { describe } from 'vitest';
import { camaraConsentSuite } from '../../testing/camara-consent-suite';
import { camaraStoreSuite } from '../../testing/camara-store-suite';
import { openPostgresStore } from './open';
import { postgresSkipped, testDatabase } from '../../testing/postgres-database';

/* The CAMARA store's contract, the same suite as SQLite's (store/camara-sqlite.test.ts), on PostgreSQL. */
describe.skipIf(postgresSkipped)('the CAMARA store on PostgreSQL', () => {
  const database = testDatabase();
  let cells = 0;
  const emptied = async () => {
    const store = await openPostgresStore(database.url, { poolSize: 4 });
    await store.db.query(
      'empty',
      `TRUNCATE developers, service_keys, users, cells, oidc_records, oidc_signing_keys, camara_clients,
         camara_subjects, ciba_polls, camara_consents RESTART IDENTITY CASCADE`,
    );
    return store;
  };
  camaraStoreSuite('PostgreSQL', async () => {
    const store = await emptied();
    await store.addDeveloper('dev');
    return {
      store: store.camara,
      async addPhone(msisdn, { consented, cell }) {
        const key = await store.registerUser('dev', msisdn, { smsReplied: consented });
        if (cell === undefined) return;
        const cellid = ++cells;
        await store.addCell({ mcc: 244, mnc: 91, cellid, lac: 1, name: 'Test', ...cell });
        await store.setPhoneCell(key, { mcc: 244, mnc: 91, cellid });
      },
      close: () => store.close(),
    };
  });
  camaraConsentSuite('PostgreSQL', async () => {
    const store = await emptied();
    await store.addDeveloper('dev');
    return {
      store: store.camara,
      async addSubscriber(msisdn, { standingConsent }) {
        await store.registerUser('dev', msisdn, { standingConsent });
      },
      close: () => store.close(),
    };
  });
});
