import type { CamaraAnswer, CamaraAsk, CamaraQuestion } from './camara';
import type { CellFacts } from './cell-facts';
import type { CellsInView, CellsQuery } from './cells-in-view';
import type { RawResponse } from './errors';
import type { Settings } from './settings';
import type { Cell, CellHints, CellId, Format, Keys, Location } from './types';
import type { WatchAsk, WatchView } from './watches';

/* The client's types, apart from the client (createClient in client.ts) so the reads kept in files of their own
   (camara-client.ts) import them without importing the client back. */

export interface ClientOptions {
  /** Prefix of both resources, e.g. `/api` or `https://operator.example/iw/rest`. */
  baseUrl: string;
  /** Injectable for tests: the reference service's own `app.fetch` works here. */
  fetch?: typeof fetch;
  format?: Format;
  timeoutMs?: number;
  /** Bytes read of an answer before it is refused as too large. */
  maxBodyBytes?: number;
  /**
   * Where the keys go: the query, as the document has it (any operator takes them so), or request headers, which
   * our service also reads and which no console, proxy log or browser history writes down with the URL.
   */
  keysIn?: 'query' | 'headers';
}

export interface RequestOptions {
  signal?: AbortSignal;
  format?: Format;
  /** When the whole read, retries included, must have ended (ms since the epoch, as Date.now()). A try still
   *  running then is given up as a timeout; one started after it fails at once. */
  deadline?: number;
}

/** A decoded answer together with the bytes it came from. */
export interface Answer<T> {
  data: T;
  raw: RawResponse;
  /** What the answer's headers say beyond the body (source, credit, range…), when it names a source. */
  facts?: CellFacts;
}

export interface Client {
  getLocation(keys: Keys, options?: RequestOptions): Promise<Answer<Location>>;
  getCell(keys: Keys, id: CellId, options?: RequestOptions & { hints?: CellHints }): Promise<Answer<Cell>>;
  /** The reference service's own read: the cells inside a box (docs/api-notes.md). */
  getCellsInView(keys: Keys, query: CellsQuery, options?: RequestOptions): Promise<Answer<CellsInView>>;
  /** The service's own settings for the app; no keys, always JSON. */
  getSettings(options?: Pick<RequestOptions, 'signal'>): Promise<Answer<Settings>>;
  /** The service's CAMARA read (docs/api-notes.md): asks the operator (POST); JSON. A failure the operator gave
   *  (a refusal, no position…) is an answer too, whatever its status; the keys' own errors stay errors. */
  askCamara(keys: Keys, ask: CamaraAsk, options?: RequestOptions): Promise<Answer<CamaraAnswer>>;
  /** Where the question stands (GET), the operator polled by the service when due. */
  getCamara(keys: Keys, kind: CamaraQuestion, options?: RequestOptions): Promise<Answer<CamaraAnswer>>;
  /** Stops waiting for the owner (DELETE); the answer is the question's end, `cancelled` when it was pending. */
  cancelCamara(keys: Keys, kind: CamaraQuestion, options?: RequestOptions): Promise<Answer<CamaraAnswer>>;
  /** "Watch my phone": the user's watches and their events (api/watch-client.ts). */
  getWatches(keys: Keys, options?: RequestOptions): Promise<Answer<WatchView[]>>;
  startWatch(keys: Keys, ask: WatchAsk, options?: RequestOptions): Promise<Answer<WatchView>>;
  stopWatch(keys: Keys, id: string, options?: RequestOptions): Promise<Answer<WatchView>>;
}

/** How a request is sent and what an error status may still hold. */
export interface Exchange<T> {
  method?: 'GET' | 'POST' | 'DELETE';
  /** An answer the body of an error status holds, when it holds one (the CAMARA read's failures). */
  errorAnswer?: (body: string) => T | undefined;
}

/** The one request every read goes through (createClient's), for the reads kept in files of their own. */
export type Request = <T>(
  path: string,
  keys: Keys | null,
  decode: (body: string, contentType: string | null) => T,
  options: RequestOptions & { hints?: CellHints },
  maxBytes?: number,
  exchange?: Exchange<T>,
) => Promise<Answer<T>>;
