import type { CellRecord } from './store';

/* Fixed demo data. Documentation and tests rely on the keys and on the cells named below; the rest of the
   cells are generated from a seeded PRNG, so every new database holds exactly the same rows. */

export const DEMO_KEYS = { serviceKey: 'demo-service', userKey: 'demo-user' } as const;

/** The cell of the operator document's examples, exactly as documented. */
export const DOCUMENTED_CELL: CellRecord = {
  mcc: 244,
  mnc: 91,
  cellid: 10038,
  lac: 0,
  lat: 60.316391,
  lon: 20.994058,
  name: 'Brändö',
};

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

interface Town {
  name: string;
  lat: number;
  lon: number;
  cells: number;
  /** Scatter radius in km. */
  km: number;
}

const TOWNS: readonly Town[] = [
  {
    name: 'Helsinki',
    lat: 60.1699,
    lon: 24.9384,
    cells: 70,
    km: 7,
  },
  {
    name: 'Espoo',
    lat: 60.2055,
    lon: 24.6559,
    cells: 35,
    km: 8,
  },
  {
    name: 'Vantaa',
    lat: 60.2934,
    lon: 25.0378,
    cells: 30,
    km: 7,
  },
  {
    name: 'Tampere',
    lat: 61.4978,
    lon: 23.761,
    cells: 40,
    km: 6,
  },
  {
    name: 'Turku',
    lat: 60.4518,
    lon: 22.2666,
    cells: 32,
    km: 6,
  },
  {
    name: 'Oulu',
    lat: 65.0121,
    lon: 25.4651,
    cells: 28,
    km: 6,
  },
  {
    name: 'Jyväskylä',
    lat: 62.2426,
    lon: 25.7473,
    cells: 22,
    km: 5,
  },
  {
    name: 'Lahti',
    lat: 60.9827,
    lon: 25.6612,
    cells: 18,
    km: 5,
  },
  {
    name: 'Kuopio',
    lat: 62.8924,
    lon: 27.677,
    cells: 18,
    km: 5,
  },
  {
    name: 'Pori',
    lat: 61.4851,
    lon: 21.7974,
    cells: 14,
    km: 4,
  },
  { name: 'Hämeenlinna', lat: 60.9959, lon: 24.4643, cells: 12, km: 4 },
  {
    name: 'Vaasa',
    lat: 63.0951,
    lon: 21.6165,
    cells: 13,
    km: 4,
  },
  { name: 'Joensuu', lat: 62.601, lon: 29.7636, cells: 12, km: 4 },
  {
    name: 'Lappeenranta',
    lat: 61.0587,
    lon: 28.1887,
    cells: 12,
    km: 4,
  },
  { name: 'Seinäjoki', lat: 62.7903, lon: 22.8403, cells: 11, km: 4 },
  { name: 'Rovaniemi', lat: 66.5039, lon: 25.7294, cells: 12, km: 5 },
  { name: 'Kajaani', lat: 64.2222, lon: 27.7278, cells: 8, km: 3 },
  { name: 'Kokkola', lat: 63.8385, lon: 23.1307, cells: 9, km: 3 },
  {
    name: 'Mariehamn',
    lat: 60.0973,
    lon: 19.9348,
    cells: 9,
    km: 2,
  },
  { name: 'Brändö', lat: 60.4116, lon: 21.0458, cells: 3, km: 3 },
  { name: 'Porvoo', lat: 60.3932, lon: 25.665, cells: 9, km: 3 },
  { name: 'Savonlinna', lat: 61.8699, lon: 28.8791, cells: 7, km: 3 },
  { name: 'Äänekoski', lat: 62.6046, lon: 25.7263, cells: 5, km: 3 },
  { name: 'Närpes', lat: 62.4735, lon: 21.3369, cells: 5, km: 3 },
  { name: 'Mikkeli', lat: 61.6886, lon: 27.2723, cells: 9, km: 3 },
  { name: 'Kotka', lat: 60.4664, lon: 26.9458, cells: 9, km: 3 },
  { name: 'Salo', lat: 60.3841, lon: 23.1255, cells: 8, km: 3 },
  { name: 'Raahe', lat: 64.6847, lon: 24.4791, cells: 5, km: 3 },
  { name: 'Inari', lat: 68.9063, lon: 27.0288, cells: 3, km: 4 },
  { name: 'Ivalo', lat: 68.6579, lon: 27.5397, cells: 3, km: 3 },
  { name: 'Utsjoki', lat: 69.9078, lon: 27.0286, cells: 3, km: 3 },
  { name: 'Kerava', lat: 60.4034, lon: 25.105, cells: 8, km: 3 },
  { name: 'Järvenpää', lat: 60.4737, lon: 25.0899, cells: 8, km: 3 },
  { name: 'Hyvinkää', lat: 60.6305, lon: 24.8597, cells: 8, km: 3 },
  { name: 'Riihimäki', lat: 60.7385, lon: 24.7727, cells: 6, km: 3 },
  { name: 'Kouvola', lat: 60.8679, lon: 26.7042, cells: 9, km: 4 },
  { name: 'Rauma', lat: 61.1272, lon: 21.5113, cells: 8, km: 3 },
  { name: 'Kemi', lat: 65.736, lon: 24.5637, cells: 6, km: 3 },
  { name: 'Tornio', lat: 65.848, lon: 24.1467, cells: 5, km: 3 },
  { name: 'Iisalmi', lat: 63.558, lon: 27.1897, cells: 5, km: 3 },
  { name: 'Varkaus', lat: 62.3152, lon: 27.873, cells: 5, km: 3 },
  { name: 'Forssa', lat: 60.8149, lon: 23.6214, cells: 5, km: 3 },
  { name: 'Lohja', lat: 60.2486, lon: 24.0654, cells: 7, km: 3 },
  { name: 'Kirkkonummi', lat: 60.1239, lon: 24.4385, cells: 6, km: 3 },
  { name: 'Nokia', lat: 61.4775, lon: 23.5093, cells: 6, km: 3 },
  { name: 'Ylöjärvi', lat: 61.5493, lon: 23.5961, cells: 5, km: 3 },
  { name: 'Kangasala', lat: 61.4636, lon: 24.065, cells: 5, km: 3 },
  { name: 'Pietarsaari', lat: 63.6749, lon: 22.7026, cells: 5, km: 3 },
  { name: 'Uusikaupunki', lat: 60.7998, lon: 21.4087, cells: 4, km: 3 },
  { name: 'Naantali', lat: 60.4681, lon: 22.0258, cells: 4, km: 2 },
  { name: 'Parainen', lat: 60.3036, lon: 22.3005, cells: 4, km: 3 },
  { name: 'Kuusamo', lat: 65.9646, lon: 29.1881, cells: 4, km: 3 },
  { name: 'Sodankylä', lat: 67.4167, lon: 26.5932, cells: 3, km: 3 },
  { name: 'Kittilä', lat: 67.6529, lon: 24.9088, cells: 3, km: 3 },
  { name: 'Kemijärvi', lat: 66.7133, lon: 27.4306, cells: 3, km: 3 },
  { name: 'Pieksämäki', lat: 62.3004, lon: 27.158, cells: 4, km: 3 },
  { name: 'Hanko', lat: 59.8234, lon: 22.968, cells: 4, km: 2 },
  { name: 'Raasepori', lat: 59.9736, lon: 23.4367, cells: 4, km: 3 },
  { name: 'Loviisa', lat: 60.4565, lon: 26.2247, cells: 4, km: 2 },
  { name: 'Imatra', lat: 61.1719, lon: 28.7524, cells: 6, km: 3 },
  { name: 'Kristiinankaupunki', lat: 62.273, lon: 21.3765, cells: 3, km: 2 },
  { name: 'Kaskinen', lat: 62.3845, lon: 21.2224, cells: 2, km: 2 },
  { name: 'Ylivieska', lat: 64.0756, lon: 24.5335, cells: 4, km: 3 },
  { name: 'Lieksa', lat: 63.3165, lon: 30.0176, cells: 3, km: 3 },
  { name: 'Nurmes', lat: 63.543, lon: 29.1404, cells: 3, km: 3 },
  { name: 'Sotkamo', lat: 64.1307, lon: 28.3881, cells: 3, km: 3 },
  { name: 'Kuhmo', lat: 64.1255, lon: 29.517, cells: 3, km: 3 },
  { name: 'Jämsä', lat: 61.8644, lon: 25.1903, cells: 4, km: 3 },
  { name: 'Ähtäri', lat: 62.5549, lon: 24.0625, cells: 3, km: 2 },
  { name: 'Pälkäne', lat: 61.3383, lon: 24.268, cells: 3, km: 2 },
  { name: 'Kärsämäki', lat: 63.9776, lon: 25.758, cells: 2, km: 2 },
  { name: 'Jomala', lat: 60.15, lon: 19.95, cells: 3, km: 3 },
  { name: 'Eckerö', lat: 60.2255, lon: 19.5563, cells: 2, km: 3 },
  { name: 'Föglö', lat: 60.029, lon: 20.3987, cells: 2, km: 3 },
  { name: 'Kökar', lat: 59.9211, lon: 20.9054, cells: 2, km: 2 },
  { name: 'Sottunga', lat: 60.1296, lon: 20.6657, cells: 1, km: 1 },
  { name: 'Vårdö', lat: 60.2428, lon: 20.3733, cells: 2, km: 2 },
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

/** Every demo cell: the fixed ones above, then generated cells scattered around real Finnish towns. */
export function demoCells(): CellRecord[] {
  const random = seededRandom(20_090_101);
  const cells: CellRecord[] = [...FIXED_CELLS];
  TOWNS.forEach((town, townIndex) => {
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
      });
    }
  });
  return cells;
}
