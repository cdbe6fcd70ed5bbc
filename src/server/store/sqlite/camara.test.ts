import { join } from 'node:path';
import { camaraConsentSuite } from '../../testing/camara-consent-suite';
import { camaraStoreSuite } from '../../testing/camara-store-suite';
import { tempStores } from '../../testing/temp-stores';

const { dir, open } = tempStores('cellpos-camara-');
let files = 0;
let cells = 0;

camaraStoreSuite('SQLite', async () => {
  const store = open(join(dir, `camara-${++files}.db`), false);
  store.addDeveloper('dev');
  return {
    store: store.camara,
    async addPhone(msisdn, { consented, cell }) {
      const key = store.registerUser('dev', msisdn, { smsReplied: consented });
      if (cell === undefined) return;
      const cellid = ++cells;
      store.addCell({ mcc: 244, mnc: 91, cellid, lac: 1, name: 'Test', ...cell });
      store.setPhoneCell(key, { mcc: 244, mnc: 91, cellid });
    },
    async close() {
      store.close();
    },
  };
});

camaraConsentSuite('SQLite', async () => {
  const store = open(join(dir, `camara-${++files}.db`), false);
  store.addDeveloper('dev');
  return {
    store: store.camara,
    async addSubscriber(msisdn, { standingConsent }) {
      store.registerUser('dev', msisdn, { standingConsent });
    },
    async close() {
      store.close();
    },
  };
});
