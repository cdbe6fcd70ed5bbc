import { join } from 'node:path';
import { tempStores } from '../../testing/temp-stores';
import { consumerStoreSuite } from '../../testing/camara-consumer-store-suite';
import Database from './driver';

const { dir, open } = tempStores('cellpos-camara-consumer-');
let files = 0;

consumerStoreSuite('SQLite', async () => {
  const file = join(dir, `consumer-${++files}.db`);
  const store = open(file, false);
  store.addDeveloper('dev');
  return {
    store: store.camaraConsumer,
    async addUser(msisdn) {
      const key = store.registerUser('dev', msisdn);
      const user = store.getUser(key);
      if (user === undefined) throw new Error('not registered');
      return user.id;
    },
    async removeUser(userId) {
      // No command removes a user yet; a deleted developer takes its users with it, as this does.
      const db = new Database(file);
      db.pragma('foreign_keys = ON');
      db.prepare('DELETE FROM users WHERE id = ?').run(userId);
      db.close();
    },
    async close() {},
  };
});
