import { useSyncExternalStore } from 'react';
import { keyFingerprint } from '../../api/keys';
import { loadKeys, loadRememberedKeys } from '../../state/keys-storage';
import {
  addEntry,
  parseStoredHistory,
  toStored,
  type HistoryAnswer,
  type HistoryEntry,
} from './history-entries';

export const HISTORY_STORAGE_KEY = 'cellpos.history';

/**
 * Where the history is kept, and whose it is. It follows the keys: sessionStorage while they are kept for this
 * tab, localStorage while they are remembered on this device, nowhere (this page's memory) without keys. `owner`
 * is the keys' fingerprint: a list stored for other keys is not shown.
 */
export interface HistoryHolder {
  place: 'session' | 'local' | 'none';
  owner: string | null;
}

function storageAt(place: HistoryHolder['place']): Storage | undefined {
  try {
    if (place === 'local') return window.localStorage;
    if (place === 'session') return window.sessionStorage;
  } catch {
    // Storage can be switched off: the history then lasts for this page.
  }
  return undefined;
}

function readAt(place: HistoryHolder['place']) {
  try {
    return parseStoredHistory(storageAt(place)?.getItem(HISTORY_STORAGE_KEY));
  } catch {
    return parseStoredHistory(undefined);
  }
}

function removeAt(place: HistoryHolder['place']): void {
  try {
    storageAt(place)?.removeItem(HISTORY_STORAGE_KEY);
  } catch {
    // Nothing stored where storage is unavailable.
  }
}

/* A list in localStorage belongs to the keys remembered there. One of an earlier version (no owner) is taken
   as theirs; with no remembered keys, or another's, it is nobody's to show and goes. */
function tidyLocal(): void {
  const remembered = loadRememberedKeys();
  const local = readAt('local');
  if (remembered === undefined) return removeAt('local');
  const owner = keyFingerprint(remembered);
  if (local.owner === undefined && local.entries.length > 0) writeAt('local', owner, local.entries);
  else if (local.owner !== undefined && local.owner !== owner) removeAt('local');
}

function writeAt(place: HistoryHolder['place'], owner: string | null, entries: HistoryEntry[]): void {
  try {
    const storage = storageAt(place);
    if (entries.length === 0 || owner === null) storage?.removeItem(HISTORY_STORAGE_KEY);
    else storage?.setItem(HISTORY_STORAGE_KEY, JSON.stringify({ owner, entries: toStored(entries) }));
  } catch {
    // Full or unavailable storage: the history lasts for this page.
  }
}

let holder: HistoryHolder | undefined;
let memory: HistoryEntry[] = [];
let cache: HistoryEntry[] | undefined;
const listeners = new Set<() => void>();

function holding(): HistoryHolder {
  if (holder === undefined) {
    tidyLocal();
    const stored = loadKeys();
    holder = stored
      ? { place: stored.remembered ? 'local' : 'session', owner: keyFingerprint(stored.keys) }
      : { place: 'none', owner: null };
  }
  return holder;
}

/** What is stored now, read afresh: another tab may have written since. */
function stored(): HistoryEntry[] {
  const { place, owner } = holding();
  if (place === 'none') return memory;
  const found = readAt(place);
  return found.owner === owner ? found.entries : [];
}

function current(): HistoryEntry[] {
  cache ??= stored();
  return cache;
}

function write(next: HistoryEntry[]): void {
  const { place, owner } = holding();
  if (place === 'none') memory = next;
  else writeAt(place, owner, next);
  cache = next;
  listeners.forEach((listener) => listener());
}

// Another tab wrote the history these keys share: show it. Only localStorage is shared between tabs.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== HISTORY_STORAGE_KEY && event.key !== null) return;
    if (holder?.place !== 'local' || event.storageArea !== storageAt('local')) return;
    cache = undefined;
    listeners.forEach((listener) => listener());
  });
}

let counter = 0;

export const history = {
  entries: current,
  // Each change starts from what is stored, not from this tab's copy, so two tabs never undo each other's.
  /** Adds an answer read with the keys of fingerprint `owner`, unless those are no longer the history's keys. */
  add(answer: HistoryAnswer, at = Date.now(), owner?: string | null): void {
    if (owner !== undefined && owner !== holding().owner) return;
    counter += 1;
    write(addEntry(stored(), answer, at, `${at.toString(36)}-${counter}`));
  },
  remove(id: string): void {
    write(stored().filter((entry) => entry.id !== id));
  },
  clear(): void {
    write([]);
  },
  /** The keys changed: the list moves with them (remembered or not), starts empty for other keys, and goes
   *  from every storage when they are forgotten. */
  follow(next: HistoryHolder): void {
    const previous = holding();
    if (previous.place === next.place && previous.owner === next.owner) return;
    const carried = previous.owner !== null && previous.owner === next.owner ? stored() : [];
    removeAt(previous.place);
    if (next.place !== 'local') tidyLocal();
    holder = next;
    memory = [];
    write(carried);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** For tests: forget what this page holds, so the next read goes to the keys and the storage. */
  reset(): void {
    holder = undefined;
    cache = undefined;
    memory = [];
  },
};

export function useHistory(): HistoryEntry[] {
  return useSyncExternalStore(history.subscribe, history.entries, () => []);
}
