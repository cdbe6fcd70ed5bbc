/**
 * A Map of bounded size: past `max` entries, the one set first is forgotten. The keys are also queued in a ring in
 * the order they were set, so the oldest is found at once: `keys().next()` on a Map whose oldest entries were
 * deleted walks past every deleted slot until V8 rehashes the table, 25 µs a set into a full map of 50,000 (0.6 µs
 * so), which every Cell read of a cell not kept paid.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #ring: Array<K | undefined>;
  /** Where the oldest queued key is, and how many are queued (a key deleted by hand stays queued until its turn). */
  #head = 0;
  #queued = 0;

  constructor(readonly max: number) {
    super();
    this.#ring = new Array<K | undefined>(max);
  }

  override set(key: K, value: V): this {
    if (this.has(key)) return super.set(key, value);
    while (this.#queued > 0 && (this.size >= this.max || this.#queued === this.max)) {
      const oldest = this.#ring[this.#head] as K;
      this.#ring[this.#head] = undefined;
      this.#head = (this.#head + 1) % this.max;
      this.#queued--;
      super.delete(oldest);
    }
    this.#ring[(this.#head + this.#queued) % this.max] = key;
    this.#queued++;
    return super.set(key, value);
  }

  override clear(): void {
    super.clear();
    this.#ring.fill(undefined);
    this.#head = 0;
    this.#queued = 0;
  }
}

/**
 * Maps of what was read from the database, emptied whenever the database has changed since the last `check()`:
 * a write by this process or a commit by any other (the admin command line), so a revoked key or a moved cell is
 * seen by the very next request.
 */
export class FreshCache {
  readonly #version: () => string;
  readonly #maps: Array<Map<unknown, unknown>> = [];
  #seen: string | undefined;

  constructor(version: () => string) {
    this.#version = version;
  }

  map<K, V>(max: number): BoundedMap<K, V> {
    const map = new BoundedMap<K, V>(max);
    this.#maps.push(map);
    return map;
  }

  /** The database's version now: what was read at one version is kept only if it is still the version after. */
  version(): string {
    return this.#version();
  }

  /**
   * The version the last `check()` saw (the maps hold nothing older), without reading it again: what is read after a
   * check is kept only if `version()` is still this afterwards. A commit since the check makes them differ, and the
   * read is not kept; before any check, the version now.
   */
  checked(): string {
    return this.#seen ?? this.#version();
  }

  check(): void {
    const version = this.#version();
    if (version === this.#seen) return;
    this.#seen = version;
    for (const map of this.#maps) map.clear();
  }
}

/**
 * A value read from the database (`read`), read again only once the database has changed (`version`) and known
 * meanwhile: a caller waits for the database (PostgreSQL) only for the first answer after a change.
 */
export function freshValue<T>(version: () => string, read: () => T | Promise<T>): () => T | Promise<T> {
  let kept: { version: string; value: T } | undefined;
  return () => {
    const now = version();
    if (kept?.version === now) return kept.value;
    const keep = (value: T): T => {
      kept = { version: now, value };
      return value;
    };
    const reading = read();
    return reading instanceof Promise ? reading.then(keep) : keep(reading);
  };
}
