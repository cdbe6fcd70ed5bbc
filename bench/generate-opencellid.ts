/**
 * Writes a synthetic OpenCelliD export: cells scattered around real towns, some duplicate rows (a quarter of
 * them tying on samples) and some bad rows. The same seed always writes the same file.
 *
 *   tsx bench/generate-opencellid.ts OUT [--rows N] [--seed N] [--gzip] [--no-header]
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import { OPENCELLID_HEADER } from '../src/server/admin/import/opencellid-csv';
import { loadTownPlaces, type Place } from '../src/server/cells/gazetteer';

export interface GenerateOptions {
  out: string;
  rows?: number;
  seed?: number;
  gzip?: boolean;
  header?: boolean;
  /** Share of rows that repeat an earlier cell. */
  duplicateRate?: number;
  /** Share of rows that must be skipped. */
  badRate?: number;
}

export interface GenerateStats {
  rows: number;
  distinct: number;
  duplicates: number;
  bad: number;
}

/** splitmix32-style integer hash: a pure function of (seed, n), so cell j can be rebuilt for its duplicates. */
function hash(seed: number, n: number): number {
  let x = (Math.imul(n, 0x9e3779b9) + seed) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

/** The key of the generator's j-th distinct cell, for benches that ask for cells known to exist. */
export function syntheticCellKey(seed: number, j: number): { mcc: number; mnc: number; cellid: number } {
  const h = hash(seed, j);
  const radio = RADIOS[(h >>> 4) % RADIOS.length]!;
  return {
    mcc: MCCS[h % MCCS.length]!,
    mnc: (h >>> 8) % 100,
    // Multiplying by an odd constant is a bijection mod 2^32, so distinct j give distinct cell ids.
    cellid: (Math.imul(j, 0x2c1b3c6d) >>> 0) + (radio === 'NR' ? 2 ** 35 : 0),
  };
}

const MCCS = [244, 262, 208, 234, 310, 404, 460, 250, 724, 505, 440, 510];
const RADIOS = ['GSM', 'UMTS', 'LTE', 'NR'];

const BAD_ROWS: Array<(n: number) => string> = [
  (n) => `GSM,244,91,${n}`,
  (n) => `LTE,1000,1,1,${n},0,24.9,60.1,100,5,1,1,1,0`,
  (n) => `LTE,244,x,1,${n},0,24.9,60.1,100,5,1,1,1,0`,
  (n) => `LTE,244,91,1,${n},0,24.9,95.5,100,5,1,1,1,0`,
  (n) => `LTE,244,91,1,${n},0,-190.25,60.1,100,5,1,1,1,0`,
  () => `NR,244,91,1,68719476736,0,24.9,60.1,100,5,1,1,1,0`,
  (n) => `UMTS,244,91,1,${n},0,24.9,60.1,100,,1,1,1,0`,
  (n) => `GSM,244,91,-1,${n},0,24.9,60.1,100,5,1,1,1,0`,
];

export async function generateOpenCellId(options: GenerateOptions): Promise<GenerateStats> {
  const total = options.rows ?? 2_000_000;
  const seed = options.seed ?? 7;
  const duplicateRate = options.duplicateRate ?? 0.03;
  const badRate = options.badRate ?? 0.001;
  const places: Place[] = loadTownPlaces();

  const file = createWriteStream(options.out, { highWaterMark: 1 << 20 });
  const gzip = options.gzip === true ? createGzip({ level: 4 }) : undefined;
  if (gzip !== undefined) gzip.pipe(file);
  const sink = gzip ?? file;
  const write = async (text: string): Promise<void> => {
    if (!sink.write(text)) await once(sink, 'drain');
  };

  const stats: GenerateStats = { rows: total, distinct: 0, duplicates: 0, bad: 0 };
  const rowOf = (j: number, variant: number, samples: number): string => {
    const h = hash(seed, j);
    const { mcc, mnc, cellid } = syntheticCellKey(seed, j);
    const radio = RADIOS[(h >>> 4) % RADIOS.length]!;
    const place = places[hash(seed + 1, j) % places.length]!;
    const jitter = hash(seed + 2, j * 4 + variant);
    const lat = Math.max(-90, Math.min(90, place.lat + ((jitter & 0xffff) / 0xffff - 0.5) * 0.1));
    const lon = Math.max(-180, Math.min(180, place.lon + ((jitter >>> 16) / 0xffff - 0.5) * 0.2));
    const area = (h >>> 12) % 65_000;
    const created = 1_300_000_000 + (h % 300_000_000);
    return `${radio},${mcc},${mnc},${area},${cellid},0,${lon.toFixed(6)},${lat.toFixed(6)},1000,${samples},1,${created},${created + 86_400},0\n`;
  };
  const samplesOf = (j: number): number => 1 + (hash(seed + 3, j) % 500);

  let draws = 0;
  const next = (): number => hash(seed ^ 0x5bd1e995, draws++) / 2 ** 32;

  let text = options.header === false ? '' : `${OPENCELLID_HEADER}\n`;
  for (let row = 0; row < total; row++) {
    const roll = next();
    if (roll < badRate) {
      text += `${BAD_ROWS[stats.bad % BAD_ROWS.length]!(row)}\n`;
      stats.bad++;
    } else if (roll < badRate + duplicateRate && stats.distinct > 0) {
      const j = Math.floor(next() * stats.distinct);
      const tie = next() < 0.25;
      text += rowOf(j, 1 + (row % 3), tie ? samplesOf(j) : 1 + Math.floor(next() * 1000));
      stats.duplicates++;
    } else {
      const j = stats.distinct++;
      text += rowOf(j, 0, samplesOf(j));
    }
    if (text.length > 1 << 16) {
      await write(text);
      text = '';
    }
  }
  await write(text);
  sink.end();
  await once(file, 'close');
  return stats;
}

function parseCli(argv: string[]): GenerateOptions {
  const options: GenerateOptions = { out: '' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--rows') options.rows = Number(argv[++i]);
    else if (arg === '--seed') options.seed = Number(argv[++i]);
    else if (arg === '--gzip') options.gzip = true;
    else if (arg === '--no-header') options.header = false;
    else if (!arg.startsWith('-')) options.out = arg;
    else throw new Error(`unknown option ${arg}`);
  }
  if (options.out === '')
    throw new Error('usage: generate-opencellid OUT [--rows N] [--seed N] [--gzip] [--no-header]');
  if (options.rows !== undefined && !(Number.isInteger(options.rows) && options.rows >= 0))
    throw new Error('--rows must be a whole number');
  return options;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = parseCli(process.argv.slice(2));
  const stats = await generateOpenCellId(options);
  console.log(JSON.stringify({ out: options.out, ...stats }));
}
