import { isApiError, type ApiError, type ApiErrorKind } from '../api/errors';
import type { CellId } from '../api/types';

export type ErrorAction = 'retry' | 'keys' | 'none';

/** What a person reads when a read fails: what happened, and what to do next. */
export interface ErrorMessage {
  title: string;
  body: string;
  action: ErrorAction;
  /** The raw-response view holds what came; say so. */
  pointsToRaw: boolean;
}

export interface ErrorContext {
  resource: 'location' | 'cell';
  cellId?: CellId | undefined;
  /** Values that must never be shown, e.g. the keys, in case a service echoes them. */
  secrets?: readonly string[];
}

const FIELD_LABELS: Record<string, string> = {
  mcc: 'MCC',
  mnc: 'MNC',
  cellid: 'Cell ID',
  serviceKey: 'service key',
  userKey: 'user key',
  body: 'body',
};

function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

function clean(text: string | undefined, secrets: readonly string[]): string | undefined {
  if (text === undefined) return undefined;
  let out = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  for (const secret of secrets) if (secret.length > 0) out = out.split(secret).join('•••');
  return out === '' ? undefined : out;
}

function cellName(id: CellId | undefined): string {
  return id ? `MCC ${id.mcc}, MNC ${id.mnc}, Cell ID ${id.cellid}` : 'that MCC, MNC and Cell ID';
}

type Describe = (error: ApiError, context: ErrorContext, detail: string | undefined) => ErrorMessage;

/** One entry per kind: the compiler refuses a kind without words. */
const MESSAGES: Record<ApiErrorKind, Describe> = {
  unauthorized: () => ({
    title: 'These keys do not belong together',
    body: 'The service key and the user key are not of the same developer. Check both keys: they must come from the same developer account.',
    action: 'keys',
    pointsToRaw: false,
  }),
  forbidden: (_error, context) =>
    context.resource === 'location'
      ? {
          title: 'Positioning is not allowed yet',
          body: 'Reply to the authorization SMS sent to your phone to allow positioning, then try again.',
          action: 'retry',
          pointsToRaw: false,
        }
      : {
          title: 'Not allowed',
          body: 'The service does not allow this read with these keys. Check your keys, then try again.',
          action: 'keys',
          pointsToRaw: false,
        },
  'not-found': (_error, context) =>
    context.resource === 'cell'
      ? {
          title: 'No such cell',
          body: `No cell is known for ${cellName(context.cellId)}. Check the three values and try again.`,
          action: 'none',
          pointsToRaw: false,
        }
      : {
          title: 'Location not found',
          body: 'The service has no Location resource at this address. Check that the app points at the positioning service.',
          action: 'none',
          pointsToRaw: true,
        },
  'bad-request': (error, _context, detail) => {
    const field = error.field === undefined ? undefined : fieldLabel(error.field);
    const refused = field ? `The service refused the ${field} value.` : 'The service refused the request.';
    return {
      title: field ? `The service refused the ${field}` : 'The service refused the request',
      body: detail ? `${refused} It said: “${detail}”` : `${refused} Check the values and try again.`,
      action: 'none',
      pointsToRaw: true,
    };
  },
  'rate-limited': (error) => ({
    title: 'Too many requests',
    body:
      error.retryAfterSeconds !== undefined
        ? `The service asks you to wait ${error.retryAfterSeconds} s before trying again.`
        : 'The service asks you to slow down. Wait a minute before trying again.',
    action: 'retry',
    pointsToRaw: false,
  }),
  server: (error) => ({
    title: 'The positioning service failed',
    body: `The service answered with an error${error.status !== undefined ? ` (HTTP ${error.status})` : ''}. Try again in a moment.`,
    action: 'retry',
    pointsToRaw: true,
  }),
  network: () => ({
    title: 'The positioning service isn’t answering',
    body: 'The service could not be reached. Check your connection, then try again.',
    action: 'retry',
    pointsToRaw: false,
  }),
  timeout: () => ({
    title: 'The positioning service isn’t answering',
    body: 'The service did not answer in time. Try again in a moment.',
    action: 'retry',
    pointsToRaw: false,
  }),
  malformed: (error) => ({
    title: 'The answer couldn’t be read',
    body: `The service answered, but its ${error.field ? `“${error.field}” field` : 'answer'} is not what the API document describes. Open “Raw response” below to see what came.`,
    action: 'retry',
    pointsToRaw: true,
  }),
};

export const KNOWN_KINDS = Object.keys(MESSAGES) as ApiErrorKind[];

/** Words for any failure: an ApiError by its kind, anything else (a bug) as a generic failure. */
export function describeError(error: unknown, context: ErrorContext): ErrorMessage {
  if (isApiError(error)) {
    const describe = MESSAGES[error.kind] as Describe | undefined;
    if (describe) return describe(error, context, clean(error.detail, context.secrets ?? []));
  }
  return {
    title: 'Something went wrong',
    body: 'The app could not finish this read. Try again; if it keeps happening, reload the page.',
    action: 'retry',
    pointsToRaw: false,
  };
}
