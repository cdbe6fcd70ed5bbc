import type { Keys } from '../api/types';

export const KEYS_STORAGE_KEY = 'cellpos.keys';

export interface StoredKeys {
  keys: Keys;
  remembered: boolean;
}

function safe(get: () => Storage): Storage | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

const session = () => safe(() => window.sessionStorage);
const local = () => safe(() => window.localStorage);

function parse(text: string | null | undefined): Keys | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { serviceKey, userKey } = value as Record<string, unknown>;
    if (typeof serviceKey !== 'string' || typeof userKey !== 'string') return undefined;
    if (serviceKey === '' || userKey === '') return undefined;
    return { serviceKey, userKey };
  } catch {
    return undefined;
  }
}

function read(storage: Storage | undefined): Keys | undefined {
  try {
    return parse(storage?.getItem(KEYS_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

function remove(storage: Storage | undefined): void {
  try {
    storage?.removeItem(KEYS_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** The keys of this tab (sessionStorage) or, when the person asked, of this device (localStorage). */
export function loadKeys(): StoredKeys | undefined {
  const fromSession = read(session());
  if (fromSession) return { keys: fromSession, remembered: false };
  const fromLocal = read(local());
  if (fromLocal) return { keys: fromLocal, remembered: true };
  return undefined;
}

/** The keys remembered on this device, whatever this tab holds. */
export function loadRememberedKeys(): Keys | undefined {
  return read(local());
}

/** Keeps the keys in exactly one store: localStorage when remembered, else sessionStorage. */
export function saveKeys(keys: Keys, remember: boolean): void {
  const text = JSON.stringify({ serviceKey: keys.serviceKey, userKey: keys.userKey });
  const [keep, drop] = remember ? [local(), session()] : [session(), local()];
  remove(drop);
  try {
    keep?.setItem(KEYS_STORAGE_KEY, text);
  } catch {
    // Full or unavailable storage: the keys then last until the page is closed (held in memory).
  }
}

export function forgetKeys(): void {
  remove(session());
  remove(local());
}
