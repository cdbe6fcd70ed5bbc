import type { CamaraFailure, RadiusRefusal } from '../../api/camara';
import type { OperatorReply } from './http';
import { redactedExcerpt } from './http';
import { jsonObject } from '../platform/net/json-object';

/** Why the operator gave no answer the service can use: the reason the app explains, and words for the log. */
export interface ConsumerFailure {
  reason: CamaraFailure;
  /** With operator-malformed: the field of the answer that was wrong. */
  field?: string;
  retryAfterSeconds?: number;
  /** With radius-refused: which way, and the limits the operator named. */
  radius?: RadiusRefusal;
  /** For the service's log only: what happened, with nothing secret in it. */
  detail: string;
}

/** The operator's API refused the access token (401): the engine forgets it and asks the subscriber again. */
export interface TokenRejected {
  ok: false;
  tokenRejected: true;
  detail: string;
}

type Answered = Extract<OperatorReply, { ok: true }>;

export function malformedAnswer(field: string, problem: string): ConsumerFailure {
  return { reason: 'operator-malformed', field, detail: `${field}: ${problem}` };
}

/** No answer at all: the network, the deadline, a redirect or a body too large to be an answer. */
export function transportFailure(
  reply: Extract<OperatorReply, { ok: false }>,
  what: string,
): ConsumerFailure {
  const detail = `${what}: ${reply.failure} (${reply.detail})`;
  switch (reply.failure) {
    case 'timeout':
      return { reason: 'operator-slow', detail };
    case 'too-large':
      return { reason: 'operator-malformed', field: 'body', detail };
    default:
      return { reason: 'operator-down', detail };
  }
}

/** What a status means when the answer names no code the service knows. */
function byStatus(status: number): CamaraFailure | 'token' {
  if (status === 401) return 'token';
  if (status === 403) return 'permission-denied';
  if (status === 429) return 'operator-busy';
  if (status === 504) return 'operator-slow';
  if (status >= 500) return 'operator-down';
  return 'request-rejected';
}

/* Device Location's codes (both APIs, Commonalities, and r3.2's feature files) by what they mean for the person. */
const API_CODES: Readonly<Record<string, CamaraFailure | 'token'>> = {
  'LOCATION_RETRIEVAL.UNABLE_TO_LOCATE': 'unable-to-locate',
  'LOCATION_VERIFICATION.UNABLE_TO_LOCATE': 'unable-to-locate',
  'LOCATION_RETRIEVAL.DEVICE_NOT_FOUND': 'unable-to-locate',
  'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_AGE': 'no-fresh-fix',
  'LOCATION_VERIFICATION.UNABLE_TO_FULFILL_MAX_AGE': 'no-fresh-fix',
  'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_SURFACE': 'area-too-large',
  'LOCATION_VERIFICATION.AREA_NOT_COVERED': 'area-not-covered',
  'LOCATION_VERIFICATION.INVALID_AREA': 'radius-refused',
  IDENTIFIER_NOT_FOUND: 'unknown-number',
  SERVICE_NOT_APPLICABLE: 'not-applicable',
  UNAUTHENTICATED: 'token',
  PERMISSION_DENIED: 'permission-denied',
  INVALID_TOKEN_CONTEXT: 'permission-denied',
  QUOTA_EXCEEDED: 'operator-busy',
  TOO_MANY_REQUESTS: 'operator-busy',
  // The service never sends a device with a three-legged token, nor a value out of the schema: these mean the
  // operator and the service disagree on the profile, which the service's administrator has to look at.
  INVALID_ARGUMENT: 'request-rejected',
  OUT_OF_RANGE: 'request-rejected',
  MISSING_IDENTIFIER: 'request-rejected',
  UNNECESSARY_IDENTIFIER: 'request-rejected',
  UNSUPPORTED_IDENTIFIER: 'request-rejected',
  IDENTIFIER_MISMATCH: 'request-rejected',
};

const CODE = /^[A-Z][A-Z0-9_.]{0,99}$/;

/** An error answer of Device Location (`{status, code, message}`), by its code, else by its status. */
export function apiFailure(reply: Answered, what: string): ConsumerFailure | TokenRejected {
  const body = jsonObject(reply.text);
  const code = typeof body?.code === 'string' && CODE.test(body.code) ? body.code : undefined;
  const meaning = (code !== undefined ? API_CODES[code] : undefined) ?? byStatus(reply.status);
  const detail =
    `${what}: HTTP ${reply.status}` +
    (code !== undefined ? ` ${code}` : ` (no ErrorInfo: ${redactedExcerpt(reply.text) || 'empty'})`);
  if (meaning === 'token') return { ok: false, tokenRejected: true, detail };
  return {
    reason: meaning,
    detail,
    ...(meaning === 'operator-busy' &&
      reply.retryAfterSeconds !== undefined && { retryAfterSeconds: reply.retryAfterSeconds }),
  };
}

/* OAuth 2.0 and CIBA error codes (RFC 6749 5.2, CIBA Core 13, CAMARA ICM Appendix A) by what they mean. */
const OAUTH_CODES: Readonly<Record<string, CamaraFailure>> = {
  access_denied: 'refused',
  expired_token: 'expired',
  unknown_user_id: 'unknown-number',
  invalid_client: 'client-rejected',
  unauthorized_client: 'client-rejected',
  invalid_scope: 'scope-rejected',
  invalid_request: 'request-rejected',
  invalid_request_object: 'request-rejected',
  invalid_grant: 'request-rejected',
  unsupported_grant_type: 'request-rejected',
  temporarily_unavailable: 'operator-down',
  server_error: 'operator-down',
};

const OAUTH_ERROR = /^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,100}$/;

/** The `error` of an OAuth error answer, when it has a readable one. */
export function oauthErrorOf(reply: Answered): string | undefined {
  const error = jsonObject(reply.text)?.error;
  return typeof error === 'string' && OAUTH_ERROR.test(error) ? error : undefined;
}

/** An OAuth or CIBA error answer other than authorization_pending and slow_down. */
export function oauthFailure(reply: Answered, what: string): ConsumerFailure {
  const error = oauthErrorOf(reply);
  const known = error !== undefined ? OAUTH_CODES[error] : undefined;
  const status = byStatus(reply.status);
  const reason =
    known ?? (status === 'token' ? 'client-rejected' : reply.status === 403 ? 'refused' : status);
  return {
    reason,
    detail:
      `${what}: HTTP ${reply.status}` +
      (error !== undefined ? ` ${error}` : ` (no OAuth error: ${redactedExcerpt(reply.text) || 'empty'})`),
    ...(reason === 'operator-busy' &&
      reply.retryAfterSeconds !== undefined && { retryAfterSeconds: reply.retryAfterSeconds }),
  };
}

/* A length in an operator's words: "1000 m", "200 km", "1,000 metres". */
const LENGTH = String.raw`(\d[\d,]*(?:\.\d+)?)\s*(km|kilomet(?:er|re)s?|m|met(?:er|re)s?)\b`;
const RANGE = new RegExp(String.raw`from\s+(\d[\d,]*(?:\.\d+)?)\s*(km|m)?\s+(?:to|and)\s+${LENGTH}`, 'i');
const MIN = new RegExp(String.raw`(?:minimum|at least|min\.?)\D{0,30}?${LENGTH}`, 'i');
const MAX = new RegExp(String.raw`(?:maximum|at most|max\.?|up to)\D{0,30}?${LENGTH}`, 'i');

function metres(value: string | undefined, unit: string | undefined): number | undefined {
  const number = Number((value ?? '').replaceAll(',', ''));
  if (!Number.isFinite(number) || number <= 0) return undefined;
  return Math.round(unit?.toLowerCase().startsWith('k') === true ? number * 1000 : number);
}

/**
 * What an INVALID_AREA error tells of the operator's limits. CAMARA has the operator name the reason in its
 * `message` ("the error message will refer to the reason of the limitation") in no fixed form: this reads a
 * range ("from 1000 to 200000 m"), a minimum or a maximum. Which way the radius was wrong follows from those
 * limits, else from the words "too large", else it is the spec's own meaning of INVALID_AREA: too small.
 */
export function radiusRefusal(text: string, askedM: number): RadiusRefusal {
  const message = jsonObject(text)?.message;
  const words = typeof message === 'string' ? message.slice(0, 500) : '';
  const range = RANGE.exec(words);
  const minM = range
    ? metres(range[1], range[2] ?? range[4])
    : metres(MIN.exec(words)?.[1], MIN.exec(words)?.[2]);
  const maxM = range ? metres(range[3], range[4]) : metres(MAX.exec(words)?.[1], MAX.exec(words)?.[2]);
  const large =
    maxM !== undefined && askedM > maxM
      ? true
      : minM !== undefined && askedM < minM
        ? false
        : /too (large|big|wide)/i.test(words);
  return {
    way: large ? 'large' : 'small',
    ...(minM !== undefined && { minM }),
    ...(maxM !== undefined && { maxM }),
  };
}
