export interface RateLimitOptions {
  /** Requests per second per key; 0 turns the limit off. */
  perSecond: number;
  /** Requests allowed at once before the rate applies. */
  burst: number;
  /** Most keys tracked at once; the least recently seen are forgotten first. */
  maxKeys?: number;
  now?: () => number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** A token bucket per key. Memory is bounded: unknown keys sent by an attacker cannot grow it without end. */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #perMs: number;
  readonly #burst: number;
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: RateLimitOptions) {
    this.#perMs = options.perSecond / 1000;
    this.#burst = Math.max(1, options.burst);
    this.#maxKeys = options.maxKeys ?? 10_000;
    this.#now = options.now ?? (() => performance.now());
  }

  get enabled(): boolean {
    return this.#perMs > 0;
  }

  /** Whether `take` would let a request through now, without taking anything. */
  peek(key: string): RateDecision {
    if (!this.enabled) return { ok: true };
    const bucket = this.#buckets.get(key);
    if (bucket === undefined) return { ok: true };
    const tokens = Math.min(this.#burst, bucket.tokens + (this.#now() - bucket.at) * this.#perMs);
    return tokens >= 1 ? { ok: true } : { ok: false, retryAfterSeconds: this.#retryAfter(tokens) };
  }

  #retryAfter(tokens: number): number {
    return Math.max(1, Math.ceil((1 - tokens) / this.#perMs / 1000));
  }

  take(key: string): RateDecision {
    if (!this.enabled) return { ok: true };
    const now = this.#now();
    const bucket = this.#buckets.get(key);
    let tokens = this.#burst;
    if (bucket !== undefined) {
      tokens = Math.min(this.#burst, bucket.tokens + (now - bucket.at) * this.#perMs);
      // Re-inserted so that Map order is least recently seen first.
      this.#buckets.delete(key);
    } else if (this.#buckets.size >= this.#maxKeys) {
      const oldest = this.#buckets.keys().next();
      if (oldest.done !== true) this.#buckets.delete(oldest.value);
    }
    if (tokens >= 1) {
      this.#buckets.set(key, { tokens: tokens - 1, at: now });
      return { ok: true };
    }
    this.#buckets.set(key, { tokens, at: now });
    return { ok: false, retryAfterSeconds: this.#retryAfter(tokens) };
  }

  get size(): number {
    return this.#buckets.size;
  }
}
