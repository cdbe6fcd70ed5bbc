/** An operator's answer passed on as it came (proxy mode), or why there is none: the proxy's result of a read. */
export type Forwarded =
  | { ok: true; status: number; contentType: string | null; retryAfter: string | null; body: Uint8Array }
  | {
      ok: false;
      status: 502 | 503 | 504;
      code: string;
      message: string;
      retryAfterSeconds?: number;
      /** What went wrong underneath, for the log only (never in an answer). */
      cause?: string;
    };
