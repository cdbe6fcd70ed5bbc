import { join } from 'node:path';
import { createConsumerStore, CONSUMER_TABLES } from './camara-consumer-sqlite';
import { consumerStoreSuite } from './camara-consumer-store-suite';
import Database from './sqlite';
import { tempStores } from './temp-stores';

const { dir, open } = tempStores('cellpos-camara-consumer-');
let files = 0;

consumerStoreSuite('SQLite', async () => {
  const file = join(dir, `consumer-${++files}.db`);
  const store = open(file, false);
  store.addDeveloper('dev');
  // The consumer's tables, on a connection of their own until their migration is in store/schema.ts.
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  db.exec(CONSUMER_TABLES);
  return {
    store: createConsumerStore(db),
    async addUser(msisdn) {
      const key = store.registerUser('dev', msisdn);
      const user = store.getUser(key);
      if (user === undefined) throw new Error('not registered');
      return user.id;
    },
    async removeUser(userId) {
      db.prepare('DELETE FROM users WHERE id = ?').run(userId);
    },
    async close() {
      db.close();
    },
  };
});
