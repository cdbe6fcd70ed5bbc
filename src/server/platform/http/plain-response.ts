import { PlainHeaders } from './plain-headers';

/**
 * An answer made by the service itself (the API's answers: reads and their errors): status, PlainHeaders and a
 * body of text, as plain data that the middleware reads and adds headers to, and that the listener writes with
 * one writeHead and one end (a file of the built app kept in memory is one too, its body bytes). Only what asks for the body as a stream or for a copy (a test reading `text()`, Hono
 * answering HEAD) gets a standard Response, made then.
 */
export class PlainResponse implements Response {
  readonly headers: PlainHeaders;
  readonly status: number;
  readonly content: string | Uint8Array<ArrayBuffer>;
  /** The body compressed, per encoding, kept with an answer sent many times (ApiAnswer.encoded). */
  readonly encoded: Map<string, Uint8Array<ArrayBuffer>> | undefined;
  #standard: Response | undefined;

  constructor(
    body: string | Uint8Array<ArrayBuffer>,
    status: number,
    headers: Record<string, string>,
    encoded?: Map<string, Uint8Array<ArrayBuffer>>,
  ) {
    this.content = body;
    this.encoded = encoded;
    this.status = status;
    this.headers = new PlainHeaders(headers);
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
  get statusText(): string {
    return '';
  }
  get type(): ResponseType {
    return 'default';
  }
  get url(): string {
    return '';
  }
  get redirected(): boolean {
    return false;
  }

  /* The standard Response, for the body as a stream or read once: made at the first ask, from the headers then. */
  #asStandard(): Response {
    // A null body status (the Fetch standard: 101, 103, 204, 205, 304) takes no body, not even an empty one.
    return (this.#standard ??= new StandardResponse(
      NULL_BODY_STATUSES.has(this.status) ? null : this.content,
      {
        status: this.status,
        headers: [...this.headers],
      },
    ));
  }
  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#asStandard().body;
  }
  get bodyUsed(): boolean {
    return this.#standard?.bodyUsed ?? false;
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#asStandard().arrayBuffer();
  }
  blob(): Promise<Blob> {
    return this.#asStandard().blob();
  }
  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#asStandard().bytes();
  }
  formData(): Promise<FormData> {
    return this.#asStandard().formData();
  }
  json(): Promise<unknown> {
    return this.#asStandard().json();
  }
  text(): Promise<string> {
    return this.#asStandard().text();
  }
  clone(): Response {
    return new PlainResponse(this.content, this.status, Object.fromEntries(this.headers));
  }
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/* The runtime's own, as it was when this module loaded (@hono/node-server may put its own in the global later). */
const StandardResponse = globalThis.Response;

// Passes `instanceof Response` (Hono and the tests ask) without running the standard constructor.
Object.setPrototypeOf(PlainResponse.prototype, Response.prototype);
