import { DOCUMENTED_CELL_RECORD } from '../../api/documented-cell';
import type { CellRecord } from '../store/records';
import { DEMO_TOWNS } from './towns';
import type { Admin } from '../store/admin-port';
import { openStore, type Store } from '../store/sqlite/open';
import type { ServiceStore } from '../store/service-store';
import type { EitherWay } from '../platform/maybe';

/* Fixed demo data. Documentation and tests rely on the keys and on the cells named below; the rest of the
   cells are generated from a seeded PRNG, so every new database holds exactly the same rows. */

export const DEMO_KEYS = { serviceKey: 'demo-service', userKey: 'demo-user' } as const;

/** The cell of the operator document's examples, exactly as documented. */
export const DOCUMENTED_CELL: CellRecord = { ...DOCUMENTED_CELL_RECORD };

/** Where the demo phone (user key demo-user) starts. */
export const DEMO_PHONE_CELL: CellRecord = {
  mcc: 244,
  mnc: 91,
  cellid: 400001,
  lac: 100,
  lat: 60.1689,
  lon: 24.9317,
  name: 'Helsinki Kamppi',
};

/** At the position of the document's third (partly lost) example; other-user's phone is here. */
export const TAMPERE_CELL: CellRecord = {
  mcc: 244,
  mnc: 91,
  cellid: 400101,
  lac: 2020,
  lat: 61.492494,
  lon: 23.773164,
  name: 'Tampere Keskusta',
};

/** mnc 5: asked as /cell/244/05/400201 it answers with mnc "05", as /cell/244/5/400201 with "5". */
export const MNC5_CELL: CellRecord = {
  mcc: 244,
  mnc: 5,
  cellid: 400201,
  lac: 3030,
  lat: 65.0121,
  lon: 25.4651,
  name: 'Oulu Keskusta',
};

export const MNC12_CELL: CellRecord = {
  mcc: 244,
  mnc: 12,
  cellid: 400301,
  lac: 110,
  lat: 60.1989,
  lon: 24.9336,
  name: 'Helsinki Pasila',
};

/** A 5G NR cell id above 2^32. */
export const LARGE_CELLID_CELL: CellRecord = {
  mcc: 244,
  mnc: 91,
  cellid: 30_064_771_073,
  lac: 4040,
  lat: 60.1841,
  lon: 24.8301,
  name: 'Espoo Otaniemi',
};

export const VARDO_CELL: CellRecord = {
  mcc: 244,
  mnc: 91,
  cellid: 400401,
  lac: 0,
  lat: 60.2428,
  lon: 20.3733,
  name: 'Vårdö',
};

export const JYVASKYLA_CELL: CellRecord = {
  mcc: 244,
  mnc: 5,
  cellid: 400501,
  lac: 5050,
  lat: 62.2213,
  lon: 25.7533,
  name: 'Jyväskylä Kuokkala',
};

export const FIXED_CELLS: readonly CellRecord[] = [
  DOCUMENTED_CELL,
  DEMO_PHONE_CELL,
  TAMPERE_CELL,
  MNC5_CELL,
  MNC12_CELL,
  LARGE_CELLID_CELL,
  VARDO_CELL,
  JYVASKYLA_CELL,
];

export interface DemoUser {
  userKey: string;
  msisdn: string;
  smsReplied: boolean;
  /** Consents at once to every CAMARA consumer and purpose: the demo subscriber only (docs/camara-operator.md). */
  standingConsent?: boolean;
  state: string | null;
  cell: CellRecord | null;
}

export interface DemoDeveloper {
  name: string;
  serviceKey: string;
  users: DemoUser[];
}

export const DEMO_DEVELOPERS: readonly DemoDeveloper[] = [
  {
    name: 'demo',
    serviceKey: 'demo-service',
    users: [
      {
        userKey: 'demo-user',
        msisdn: '358401234567',
        smsReplied: true,
        standingConsent: true,
        state: 'Idle',
        cell: DEMO_PHONE_CELL,
      },
      {
        userKey: 'demo-pending',
        msisdn: '358401234568',
        smsReplied: false,
        state: null,
        cell: DEMO_PHONE_CELL,
      },
    ],
  },
  {
    name: 'other',
    serviceKey: 'other-service',
    // No state: the document shows Location answers both with and without it.
    users: [
      { userKey: 'other-user', msisdn: '358501234569', smsReplied: true, state: null, cell: TAMPERE_CELL },
    ],
  },
];

/** mulberry32: a small seeded PRNG, so demo data is the same in every database. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const KM_PER_DEGREE = 111.32;

/** The generated cells' radios, each with the range (metres) its cells serve: a mast's reach shrinks with each
 *  generation. Weights as a Finnish network of the 2020s might have them. */
const DEMO_RADIOS: ReadonlyArray<{ radio: string; weight: number; range: [number, number] }> = [
  { radio: 'GSM', weight: 0.15, range: [1500, 6000] },
  { radio: 'UMTS', weight: 0.15, range: [800, 3000] },
  { radio: 'LTE', weight: 0.5, range: [400, 2500] },
  { radio: 'NR', weight: 0.2, range: [150, 800] },
];

function demoRadio(random: () => number): Pick<CellRecord, 'radio' | 'range'> {
  let pick = random();
  const last = DEMO_RADIOS[DEMO_RADIOS.length - 1] as (typeof DEMO_RADIOS)[number];
  const { radio, range } = DEMO_RADIOS.find(({ weight }) => (pick -= weight) < 0) ?? last;
  return { radio, range: Math.round(range[0] + random() * (range[1] - range[0])) };
}

/**
 * Every demo cell: the fixed ones above (as the document and the operator's examples give them: no radio, no
 * range), then generated cells scattered around real Finnish towns, each with a radio and a range, so the radio
 * filter and the range rings have something to show.
 */
export function demoCells(): CellRecord[] {
  const random = seededRandom(20_090_101);
  // Apart from the positions' sequence, so the generated cells stay where they always were.
  const radios = seededRandom(5_060_708);
  const cells: CellRecord[] = [...FIXED_CELLS];
  DEMO_TOWNS.forEach((town, townIndex) => {
    for (let i = 0; i < town.cells; i++) {
      const angle = random() * 2 * Math.PI;
      const distance = Math.sqrt(random()) * town.km;
      const lat = town.lat + (distance * Math.sin(angle)) / KM_PER_DEGREE;
      const lon =
        town.lon + (distance * Math.cos(angle)) / (KM_PER_DEGREE * Math.cos((town.lat * Math.PI) / 180));
      const operator = i % 10;
      // LTE-style ids: eNodeB id × 256 + sector; all above the fixed cells' ids and below 2^32.
      const enodeb = 20_000 + townIndex * 100 + Math.floor(i / 3);
      cells.push({
        mcc: 244,
        mnc: operator < 6 ? 91 : operator < 9 ? 5 : 12,
        cellid: enodeb * 256 + (i % 3) + 1,
        lac: i % 7 === 3 ? 0 : 1000 + townIndex * 10 + (i % 4),
        lat: round6(lat),
        lon: round6(lon),
        // The town's name only: a district name on a randomly scattered cell would put the district in the wrong place.
        name: town.name,
        ...demoRadio(radios),
      });
    }
  });
  return cells;
}

/** The writes that fill an empty database with the demo data, one after the other (each may answer later). */
function* demoWrites(store: EitherWay<Omit<Admin, 'transaction'>>): Generator<unknown> {
  yield store.addCells(demoCells());
  for (const developer of DEMO_DEVELOPERS) {
    yield store.addDeveloper(developer.name);
    yield store.issueServiceKey(developer.name, developer.serviceKey);
    for (const user of developer.users) {
      yield store.registerUser(developer.name, user.msisdn, {
        key: user.userKey,
        smsReplied: user.smsReplied,
        state: user.state,
        standingConsent: user.standingConsent === true,
      });
      if (user.cell !== null) yield store.setPhoneCell(user.userKey, user.cell);
    }
  }
}

/** Fills an empty SQLite database (no developers, no cells) with the demo data, in one transaction. */
export function seedDemo(store: Store): boolean {
  const { developers, cells } = store.counts();
  if (developers > 0 || cells > 0) return false;
  store.transaction(() => {
    for (const write of demoWrites(store)) void write;
  });
  return true;
}

/**
 * Fills an empty database with the demo data, in one transaction, once: of several replicas starting together on
 * one PostgreSQL, the first fills it and the others then find it filled.
 */
export function seedDemoOnce(store: ServiceStore): Promise<boolean> {
  return store.exclusive(async () => {
    const { developers, cells } = await store.counts();
    if (developers > 0 || cells > 0) return false;
    for (const write of demoWrites(store)) await write;
    return true;
  });
}

/** Opens the database and, when `demo` is on and the database is empty, fills it with the demo data. */
export function openDemoStore(file: string, demo = true): Store {
  const store = openStore(file);
  try {
    if (demo) seedDemo(store);
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}
