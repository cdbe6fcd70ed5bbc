import { factHeaders, readFacts, type CellFacts } from '../../api/cell-facts';
import type { Cell } from '../../api/types';

/** Lookups the history keeps, and places of the phone beside them (auto-refresh gathers many of those). */
export const HISTORY_LIMIT = 100;
export const PHONE_LIMIT = 20;

/** One answer as it came: a looked-up cell, or the phone's own location (its cell). Never keys. */
export interface HistoryEntry {
  id: string;
  /** ms since epoch */
  at: number;
  kind: 'cell' | 'location';
  cell: Cell;
  msisdn?: string;
  /** A cell answer's source, credit and facts, shown again with it (kept as the headers that carried them). */
  facts?: CellFacts;
}

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

function readEntry(value: unknown): HistoryEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const e = value as Record<string, unknown>;
  if (!isText(e.id, 100) || typeof e.at !== 'number' || !Number.isFinite(e.at)) return undefined;
  if (e.kind !== 'cell' && e.kind !== 'location') return undefined;
  const cell = readCell(e.cell);
  if (!cell) return undefined;
  const entry: HistoryEntry = { id: e.id, at: e.at, kind: e.kind, cell };
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
    entry.facts === undefined ? entry : { ...entry, facts: factHeaders(entry.facts) },
  );
}

/** A stored history: its entries, and the fingerprint of the keys they were read with (none: an earlier version's). */
export interface StoredHistory {
  owner: string | undefined;
  entries: HistoryEntry[];
}

/**
 * Newest first by the time of the read, at most HISTORY_LIMIT lookups and PHONE_LIMIT places of the phone: the
 * phone's answers never push a lookup out.
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

function sameAnswer(a: HistoryEntry, b: Omit<HistoryEntry, 'id' | 'at'>): boolean {
  const fields = ['lat', 'lon', 'mcc', 'mnc', 'lac', 'cellid', 'name'] as const;
  return a.kind === b.kind && a.msisdn === b.msisdn && fields.every((f) => a.cell[f] === b.cell[f]);
}

/**
 * Adds an answer read at `at`. The same answer again is one entry, at its newest read: a repeat answered from
 * what was kept (its read's time unchanged) stays where it was; a new read of it moves it up.
 */
export function addEntry(
  entries: readonly HistoryEntry[],
  answer: Omit<HistoryEntry, 'id' | 'at'>,
  at: number,
  id: string,
): HistoryEntry[] {
  const rest = entries.filter((entry) => !sameAnswer(entry, answer));
  const newest = entries.reduce(
    (latest, entry) => (sameAnswer(entry, answer) ? Math.max(latest, entry.at) : latest),
    at,
  );
  const { position, ...cellText } = answer.cell;
  const entry: HistoryEntry = { ...answer, cell: { ...cellText, position: { ...position } }, id, at: newest };
  return kept([entry, ...rest]);
}
