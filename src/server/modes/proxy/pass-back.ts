import { excerpt } from '../../platform/net/safe-text';

/* Only what the app reads is passed on. Anything else (a login page, an SVG, a script) would be served from the
   app's own origin, where the stored keys are. `+xml` types are not all XML data: image/svg+xml runs scripts. */
const PASSABLE = new Set(['application/xml', 'text/xml', 'application/json']);

/** The operator's content type when it is XML or JSON, rebuilt from its type and charset; null otherwise. */
export function passableType(contentType: string | null): string | null {
  if (contentType === null) return null;
  const [type = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (!PASSABLE.has(type)) return null;
  const charset = params.map((param) => /^charset="?([a-z0-9._-]{1,40})"?$/.exec(param)?.[1]).find(Boolean);
  return charset === undefined ? type : `${type}; charset=${charset}`;
}

/** A Retry-After worth passing on: seconds or an HTTP date, nothing else. */
export function passableRetryAfter(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return /^\d{1,9}$/.test(trimmed) ||
    /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(trimmed)
    ? trimmed
    : null;
}

/** An answer that is not XML or JSON, told in our own words: its status kept when it is an error. */
export function refusedAnswer(result: { status: number; contentType: string | null; body: Uint8Array }): {
  status: number;
  code: string;
  message: string;
} {
  const type = result.contentType === null ? 'no content type' : excerpt(result.contentType, 60);
  const said = `The operator answered ${result.status} with ${type}, not XML or JSON`;
  if (result.status < 400) {
    return { status: 502, code: 'upstream-content-type', message: `${said}; it is not passed on.` };
  }
  const plain = /^text\/plain\s*(;|$)/i.test(result.contentType ?? '');
  const text = plain ? excerpt(new TextDecoder().decode(result.body)) : '';
  return {
    status: result.status,
    code: 'upstream-error',
    message: text === '' ? `${said}.` : `${said}: "${text}"`,
  };
}
