import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { storeEngines } from '../testing/store-engines';

/*
 * What a client reads is the same whichever engine holds the data: every byte and every header but the date. Cells
 * in view promise no order, and which cells a cut answer shows is each engine's (spread over the box either way):
 * those answers are compared by their cells, or, when cut, by how many they hold.
 */
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const PATHS = [
  `/api/location?${KEYS}`,
  '/api/location?serviceKey=demo-service&userKey=demo-pending',
  '/api/location?serviceKey=other-service&userKey=demo-user',
  '/api/location?serviceKey=nobody&userKey=demo-user',
  `/api/cell/244/91/10038?${KEYS}`,
  `/api/cell/244/05/400201?${KEYS}`,
  `/api/cell/244/91/30064771073?${KEYS}`,
  `/api/cell/244/91/1?${KEYS}`,
  `/api/cell/244/91/x?${KEYS}`,
  `/api/cells?bbox=24.5,60,25.5,60.5&${KEYS}`,
  `/api/cells?bbox=20,59,30,70&limit=50&${KEYS}`,
  `/api/cells?bbox=20,59,30,70&mcc=244&mnc=5&radio=LTE&${KEYS}`,
  `/api/cells?bbox=170,-10,-170,10&${KEYS}`,
  '/api/settings',
];

const engines = storeEngines('cellpos-same-answers-');
const [sqlite, postgres] = engines;

describe.skipIf(postgres?.skip ?? true)('the same answers from SQLite and PostgreSQL', () => {
  it('answers every read alike, in XML and JSON', async () => {
    const read = async (engine: (typeof engines)[number]) => {
      const app = createApp({ store: await engine.open({ demo: true }), staticDir: null });
      const answers: unknown[] = [];
      for (const path of PATHS) {
        for (const accept of ['application/xml', 'application/json']) {
          const res = await app.request(path, { headers: { Accept: accept } });
          if (path.startsWith('/api/cells?') && res.status === 200) {
            if (accept !== 'application/json') continue;
            const { cells } = (await res.json()) as { cells: { truncated: string; cell: unknown[] } };
            const truncated = cells.truncated === 'true';
            const ids = cells.cell.map((cell) => JSON.stringify(cell)).sort();
            answers.push({ path, truncated, ...(truncated ? { count: ids.length } : { ids }) });
            continue;
          }
          const headers = [...res.headers].filter(([name]) => name !== 'date');
          answers.push({ path, accept, status: res.status, headers, body: await res.text() });
        }
      }
      return answers;
    };
    const fromSqlite = await read(sqlite!);
    const fromPostgres = await read(postgres!);
    expect(fromPostgres).toEqual(fromSqlite);
    // Not alike by being all refusals: the documented reads answer, and cells in view finds cells.
    expect(fromSqlite.filter((answer) => (answer as { status?: number }).status === 200)).toHaveLength(10);
    expect(
      fromSqlite.filter((answer) => ((answer as { ids?: unknown[] }).ids?.length ?? 0) > 0),
    ).toHaveLength(2);
  });
});
