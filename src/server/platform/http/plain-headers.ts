/* RFC 9110 token characters: what a field name may hold. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/* What the Fetch standard refuses in a value once its ends are trimmed: NUL, CR, LF. */
const FORBIDDEN_VALUE = /[\0\r\n]/;
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/* Names already checked, as the code spells them (a few dozen): a lookup instead of a check and a copy. */
const checkedNames = new Map<string, string>();

function nameOf(name: string): string {
  const known = checkedNames.get(name);
  if (known !== undefined) return known;
  if (!TOKEN.test(name)) throw new TypeError(`Invalid header name: ${JSON.stringify(name)}`);
  const key = name.toLowerCase();
  if (checkedNames.size < 512) checkedNames.set(name, key);
  return key;
}

const isEdgeSpace = (code: number): boolean => code === 9 || code === 10 || code === 13 || code === 32;

function valueOf(name: string, value: string): string {
  let text = String(value);
  if (text.length > 0 && (isEdgeSpace(text.charCodeAt(0)) || isEdgeSpace(text.charCodeAt(text.length - 1)))) {
    text = text.replace(EDGE_WHITESPACE, '');
  }
  if (FORBIDDEN_VALUE.test(text)) throw new TypeError(`Invalid value for header ${name}`);
  return text;
}

/**
 * A Headers the middleware reads and sets as it would the standard one, kept as a plain list of lower-case names
 * (in the order they were first set), so that the listener hands it to node's writeHead as it is. The standard
 * Headers costs about as much as the rest of a small read together (its conversions and validation per call,
 * the sorting when it is copied out). Names and values are checked as the standard checks them; node refuses
 * the rest (other control characters) when it writes.
 */
export class PlainHeaders implements Headers {
  /* Names and values in turn, as node takes them: a small answer has a dozen, where a scan is cheaper than a Map. */
  readonly #fields: string[] = [];
  #cookies: string[] = [];

  constructor(init?: Record<string, string>) {
    if (init !== undefined) for (const name in init) this.set(name, init[name] ?? '');
  }

  #indexOf(key: string): number {
    const fields = this.#fields;
    for (let i = 0; i < fields.length; i += 2) if (fields[i] === key) return i;
    return -1;
  }

  #put(key: string, value: string): void {
    const at = this.#indexOf(key);
    if (at < 0) this.#fields.push(key, value);
    else this.#fields[at + 1] = value;
  }

  get(name: string): string | null {
    const key = nameOf(name);
    if (key === 'set-cookie') return this.#cookies.length === 0 ? null : this.#cookies.join(', ');
    const at = this.#indexOf(key);
    return at < 0 ? null : (this.#fields[at + 1] ?? null);
  }

  has(name: string): boolean {
    const key = nameOf(name);
    return key === 'set-cookie' ? this.#cookies.length > 0 : this.#indexOf(key) >= 0;
  }

  set(name: string, value: string): void {
    const key = nameOf(name);
    const checked = valueOf(name, value);
    if (key === 'set-cookie') this.#cookies = [checked];
    else this.#put(key, checked);
  }

  append(name: string, value: string): void {
    const key = nameOf(name);
    const checked = valueOf(name, value);
    if (key === 'set-cookie') {
      this.#cookies.push(checked);
      return;
    }
    const at = this.#indexOf(key);
    if (at < 0) this.#fields.push(key, checked);
    else this.#fields[at + 1] = `${this.#fields[at + 1]}, ${checked}`;
  }

  delete(name: string): void {
    const key = nameOf(name);
    if (key === 'set-cookie') {
      this.#cookies = [];
      return;
    }
    const at = this.#indexOf(key);
    if (at >= 0) this.#fields.splice(at, 2);
  }

  getSetCookie(): string[] {
    return [...this.#cookies];
  }

  /** As the standard iterates: by name, each Set-Cookie on its own. */
  *entries(): HeadersIterator<[string, string]> {
    const sorted: Array<[string, string]> = [];
    for (let i = 0; i < this.#fields.length; i += 2) {
      sorted.push([this.#fields[i] ?? '', this.#fields[i + 1] ?? '']);
    }
    for (const cookie of this.#cookies) sorted.push(['set-cookie', cookie]);
    sorted.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    yield* sorted;
  }

  *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }

  /** Sets fields checked once, when they were made (the service's fixed headers). */
  setChecked(fields: CheckedFields): void {
    for (const [name, value] of fields.pairs) this.#put(name, value);
  }

  /** The fields as node's writeHead takes them most cheaply: names and values in one flat list. */
  toNode(): string[] {
    const fields = this.#fields.slice();
    for (const cookie of this.#cookies) fields.push('set-cookie', cookie);
    return fields;
  }
}

/** Fixed fields (not Set-Cookie), checked as Headers checks them when made rather than each time they are set. */
export class CheckedFields {
  readonly pairs: ReadonlyArray<readonly [string, string]>;

  constructor(fields: Record<string, string>) {
    this.pairs = Object.entries(fields).map(([name, value]) => {
      const key = nameOf(name);
      if (key === 'set-cookie') throw new TypeError('Set-Cookie is not a fixed field');
      return [key, valueOf(name, value)] as const;
    });
  }

  /** Sets them on any Headers: at once on PlainHeaders, one by one on another. */
  setOn(headers: Headers): void {
    if (headers instanceof PlainHeaders) headers.setChecked(this);
    else for (const [name, value] of this.pairs) headers.set(name, value);
  }
}

// Passes `instanceof Headers` (Hono and undici ask) without running the standard constructor.
Object.setPrototypeOf(PlainHeaders.prototype, Headers.prototype);
