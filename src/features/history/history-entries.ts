import type { LatLon, VerificationAnswer } from '../../api/camara';
import { factHeaders, readFacts, type CellFacts } from '../../api/cell-facts';
import type { Cell } from '../../api/types';

/** Lookups the history keeps, and places of the phone beside them (auto-refresh gathers many of those). */
export const HISTORY_LIMIT = 100;
export const PHONE_LIMIT = 20;

/** One answer as it came: a looked-up cell, or the phone's own location (its cell). Never keys. */
export interface CellEntry {
  id: string;
  /** ms since epoch */
  at: number;
  kind: 'cell' | 'location';
  cell: Cell;
  msisdn?: string;
  /** A cell answer's source, credit and facts, shown again with it (kept as the headers that carried them). */
  facts?: CellFacts;
}

/** A CAMARA operator's answer: where it placed the phone (an area's centre and size), or a check's verdict. */
export interface CamaraRecord {
  question: 'locate' | 'verify';
  /** The area's centre (locate) or the place asked about (verify). */
  center: LatLon;
  radiusM: number;
  result?: VerificationAnswer;
  matchRate?: number;
  /** When the network placed the phone. */
  lastLocationTime: string;
}

export interface CamaraEntry {
  id: string;
  at: number;
  kind: 'camara';
  camara: CamaraRecord;
}

export type HistoryEntry = CellEntry | CamaraEntry;

/** An answer as it is handed to the history, before it has an id and a time there. */
export type HistoryAnswer = Omit<CellEntry, 'id' | 'at'> | Omit<CamaraEntry, 'id' | 'at'>;

const isText = (v: unknown, max = 500): v is string => typeof v === 'string' && v.length <= max;

function readCell(value: unknown): Cell | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const c = value as Record<string, unknown>;
  const fields = ['lat', 'lon', 'mcc', 'mnc', 'lac', 'cellid', 'name'] as const;
  if (!fields.every((field) => isText(c[field]))) return undefined;
  const lat = Number(c.lat);
  const lon = Number(c.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return undefined;
  const text = c as Record<(typeof fields)[number], string>;
  return {
    lat: text.lat,
    lon: text.lon,
    mcc: text.mcc,
    mnc: text.mnc,
    lac: text.lac,
    cellid: text.cellid,
    name: text.name,
    position: { lat, lon },
  };
}

const degrees = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

function readCamara(value: unknown): CamaraRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const c = value as Record<string, unknown>;
  const center = (c.center ?? {}) as Record<string, unknown>;
  if (c.question !== 'locate' && c.question !== 'verify') return undefined;
  if (!degrees(center.lat, 90) || !degrees(center.lon, 180) || !degrees(c.radiusM, 20_100_000))
    return undefined;
  if (!isText(c.lastLocationTime, 40) || Number.isNaN(Date.parse(c.lastLocationTime))) return undefined;
  const result = c.result === 'TRUE' || c.result === 'FALSE' || c.result === 'PARTIAL' ? c.result : undefined;
  if (c.question === 'verify' && result === undefined) return undefined;
  return {
    question: c.question,
    center: { lat: center.lat, lon: center.lon },
    radiusM: c.radiusM,
    ...(result !== undefined && { result }),
    ...(result === 'PARTIAL' && degrees(c.matchRate, 100) && { matchRate: c.matchRate }),
    lastLocationTime: c.lastLocationTime,
  };
}

function readEntry(value: unknown): HistoryEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const e = value as Record<string, unknown>;
  if (!isText(e.id, 100) || typeof e.at !== 'number' || !Number.isFinite(e.at)) return undefined;
  if (e.kind === 'camara') {
    const camara = readCamara(e.camara);
    return camara && { id: e.id, at: e.at, kind: 'camara', camara };
  }
  if (e.kind !== 'cell' && e.kind !== 'location') return undefined;
  const cell = readCell(e.cell);
  if (!cell) return undefined;
  const entry: CellEntry = { id: e.id, at: e.at, kind: e.kind, cell };
  if (e.kind === 'location' && isText(e.msisdn, 40)) entry.msisdn = e.msisdn;
  const facts = readStoredFacts(e.facts);
  if (e.kind === 'cell' && facts !== undefined) entry.facts = facts;
  return entry;
}

/** Facts are stored as the headers that carried them, and read back through the same checks. */
function readStoredFacts(value: unknown): CellFacts | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const stored = value as Record<string, unknown>;
  return readFacts((name) => (isText(stored[name], 1000) ? stored[name] : null));
}

/** The entries as they are stored: the facts as their headers. */
export function toStored(entries: readonly HistoryEntry[]): unknown[] {
  return entries.map((entry) =>
    entry.kind === 'camara' || entry.facts === undefined
      ? entry
      : { ...entry, facts: factHeaders(entry.facts) },
  );
}

/** A stored history: its entries, and the fingerprint of the keys they were read with (none: an earlier version's). */
export interface StoredHistory {
  owner: string | undefined;
  entries: HistoryEntry[];
}

/**
 * Newest first by the time of the read, at most HISTORY_LIMIT lookups and PHONE_LIMIT places of the phone (a
 * CAMARA operator's answers among them): the phone's answers never push a lookup out.
 */
function kept(entries: HistoryEntry[]): HistoryEntry[] {
  let cells = 0;
  let places = 0;
  return entries
    .sort((a, b) => b.at - a.at)
    .filter((entry) => (entry.kind === 'cell' ? ++cells <= HISTORY_LIMIT : ++places <= PHONE_LIMIT));
}

function readEntries(value: unknown): HistoryEntry[] {
  if (!Array.isArray(value)) return [];
  return kept(value.map(readEntry).filter((e): e is HistoryEntry => e !== undefined));
}

/** Whatever is stored, read defensively: bad JSON or bad entries are dropped, never thrown. */
export function parseStoredHistory(text: string | null | undefined): StoredHistory {
  if (!text) return { owner: undefined, entries: [] };
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return { owner: undefined, entries: readEntries(value) };
    if (typeof value !== 'object' || value === null) return { owner: undefined, entries: [] };
    const { owner, entries } = value as Record<string, unknown>;
    return { owner: isText(owner, 100) ? owner : undefined, entries: readEntries(entries) };
  } catch {
    return { owner: undefined, entries: [] };
  }
}

export function parseHistory(text: string | null | undefined): HistoryEntry[] {
  return parseStoredHistory(text).entries;
}

function sameAnswer(a: HistoryEntry, b: HistoryAnswer): boolean {
  if (a.kind === 'camara' || b.kind === 'camara') {
    return (
      a.kind === 'camara' && b.kind === 'camara' && JSON.stringify(a.camara) === JSON.stringify(b.camara)
    );
  }
  const fields = ['lat', 'lon', 'mcc', 'mnc', 'lac', 'cellid', 'name'] as const;
  return a.kind === b.kind && a.msisdn === b.msisdn && fields.every((f) => a.cell[f] === b.cell[f]);
}

/**
 * Adds an answer read at `at`. The same answer again is one entry, at its newest read: a repeat answered from
 * what was kept (its read's time unchanged) stays where it was; a new read of it moves it up.
 */
export function addEntry(
  entries: readonly HistoryEntry[],
  answer: HistoryAnswer,
  at: number,
  id: string,
): HistoryEntry[] {
  const rest = entries.filter((entry) => !sameAnswer(entry, answer));
  const newest = entries.reduce(
    (latest, entry) => (sameAnswer(entry, answer) ? Math.max(latest, entry.at) : latest),
    at,
  );
  if (answer.kind === 'camara') return kept([{ ...answer, id, at: newest }, ...rest]);
  const { position, ...cellText } = answer.cell;
  const entry: CellEntry = { ...answer, cell: { ...cellText, position: { ...position } }, id, at: newest };
  return kept([entry, ...rest]);
}
