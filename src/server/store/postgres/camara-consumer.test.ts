import { describe } from 'vitest';
import { consumerStoreSuite } from '../../testing/camara-consumer-store-suite';
import { openPostgresStore } from './open';
import { postgresSkipped, testDatabase } from '../../testing/postgres-database';

/* The CAMARA consumer store's contract, the same suite as SQLite's (store/camara-consumer-sqlite.test.ts). */
describe.skipIf(postgresSkipped)('the CAMARA consumer store on PostgreSQL', () => {
  const database = testDatabase();
  consumerStoreSuite('PostgreSQL', async () => {
    const store = await openPostgresStore(database.url, { poolSize: 4 });
    await store.db.query('empty', 'TRUNCATE developers, users RESTART IDENTITY CASCADE');
    await store.addDeveloper('dev');
    return {
      store: store.camaraConsumer,
      async addUser(msisdn) {
        const user = await store.getUser(await store.registerUser('dev', msisdn));
        if (user === undefined) throw new Error('not registered');
        return user.id;
      },
      async removeUser(userId) {
        // No command removes a user yet; a deleted developer takes its users with it, as this does.
        await store.db.run('remove-user', 'DELETE FROM users WHERE id = $1', [userId]);
      },
      close: () => store.close(),
    };
  });
});
