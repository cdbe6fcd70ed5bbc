import { isApiError, type ApiError, type ApiErrorKind } from '../api/errors';
import type { CellId } from '../api/types';
import type { MessageKey } from './en';
import { waitText } from './time-span';
import { tEn, type Translate } from './translate';

export type ErrorAction = 'retry' | 'keys' | 'reload' | 'none';

/** What a person reads when a read fails: what happened, and what to do next. */
export interface ErrorMessage {
  title: string;
  body: string;
  action: ErrorAction;
  /** The raw-response view holds what came; say so. */
  pointsToRaw: boolean;
}

export interface ErrorContext {
  /** `cells`: the cells-in-view read, our own beside the document's two. */
  resource: 'location' | 'cell' | 'cells';
  cellId?: CellId | undefined;
  /** Values that must never be shown, e.g. the keys, in case a service echoes them. */
  secrets?: readonly string[];
}

const FIELD_LABELS: Record<string, MessageKey> = {
  mcc: 'field.mcc',
  mnc: 'field.mnc',
  cellid: 'field.cellid',
  lac: 'field.lac',
  radio: 'field.radio',
  serviceKey: 'field.serviceKey',
  userKey: 'field.userKey',
  body: 'field.body',
};

function fieldLabel(field: string, t: Translate): string {
  const key = FIELD_LABELS[field];
  return key ? t(key) : field;
}

function clean(text: string | undefined, secrets: readonly string[]): string | undefined {
  if (text === undefined) return undefined;
  let out = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  for (const secret of secrets) if (secret.length > 0) out = out.split(secret).join('•••');
  return out === '' ? undefined : out;
}

function cellName(id: CellId | undefined, t: Translate): string {
  return id ? t('err.cellName', { mcc: id.mcc, mnc: id.mnc, cellid: id.cellid }) : t('err.cellNameUnknown');
}

/* The service's own failures of its cell sources (docs/cell-data.md, "Real cells"), told apart by the error body's code. */
function sourceFailure(error: ApiError, t: Translate): ErrorMessage | undefined {
  switch (error.code) {
    case 'source-limit':
      return {
        title: t('err.sourceLimit.title'),
        body: t('err.sourceLimit.wait', { wait: waitText(error.retryAfterSeconds ?? 60, t) }),
        action: 'retry',
        pointsToRaw: false,
      };
    case 'source-misconfigured':
      return {
        title: t('err.misconfigured.title'),
        body: t('err.misconfigured.body'),
        action: 'none',
        pointsToRaw: true,
      };
    case 'source-unavailable':
    case 'source-unreadable':
    case 'source-timeout':
      return {
        title: t('err.sourceDown.title'),
        body: t('err.sourceDown.body', {
          status: error.status !== undefined ? t('err.server.status', { status: error.status }) : '',
        }),
        action: 'retry',
        pointsToRaw: true,
      };
    default:
      return undefined;
  }
}

type Describe = (
  error: ApiError,
  context: ErrorContext,
  detail: string | undefined,
  t: Translate,
) => ErrorMessage;

/** One entry per kind: the compiler refuses a kind without words. */
const MESSAGES: Record<ApiErrorKind, Describe> = {
  unauthorized: (_error, _context, _detail, t) => ({
    title: t('err.unauthorized.title'),
    body: t('err.unauthorized.body'),
    action: 'keys',
    pointsToRaw: false,
  }),
  forbidden: (_error, context, _detail, t) =>
    context.resource === 'location'
      ? {
          title: t('err.forbidden.location.title'),
          body: t('err.forbidden.location.body'),
          action: 'retry',
          pointsToRaw: false,
        }
      : {
          title: t('err.forbidden.cell.title'),
          body: t('err.forbidden.cell.body'),
          action: 'keys',
          pointsToRaw: false,
        },
  'not-found': (error, context, _detail, t) =>
    context.resource === 'cells'
      ? {
          title: t('err.notFound.cells.title'),
          body: t('err.notFound.cells.body'),
          action: 'none',
          pointsToRaw: false,
        }
      : context.resource === 'cell'
        ? {
            title: t('err.notFound.cell.title'),
            body: t(
              error.field === 'lac'
                ? 'err.notFound.cell.addLac'
                : error.field === 'radio'
                  ? 'err.notFound.cell.addRadio'
                  : 'err.notFound.cell.body',
              { cell: cellName(context.cellId, t) },
            ),
            action: 'none',
            pointsToRaw: false,
          }
        : {
            title: t('err.notFound.location.title'),
            body: t('err.notFound.location.body'),
            action: 'none',
            pointsToRaw: true,
          },
  'bad-request': (error, _context, detail, t) => {
    const field = error.field === undefined ? undefined : fieldLabel(error.field, t);
    const refused = field ? t('err.badRequest.field', { field }) : t('err.badRequest.request');
    return {
      title: field ? t('err.badRequest.fieldTitle', { field }) : t('err.badRequest.title'),
      body: detail ? t('err.badRequest.said', { refused, detail }) : t('err.badRequest.check', { refused }),
      action: 'none',
      pointsToRaw: true,
    };
  },
  'rate-limited': (error, _context, _detail, t) => ({
    title: t('err.rateLimited.title'),
    body:
      error.retryAfterSeconds !== undefined
        ? t('err.rateLimited.wait', { seconds: error.retryAfterSeconds })
        : t('err.rateLimited.slow'),
    action: 'retry',
    pointsToRaw: false,
  }),
  server: (error, _context, _detail, t) => ({
    title: t('err.server.title'),
    body: t('err.server.body', {
      status: error.status !== undefined ? t('err.server.status', { status: error.status }) : '',
    }),
    action: 'retry',
    pointsToRaw: true,
  }),
  network: (_error, _context, _detail, t) => ({
    title: t('err.unreachable.title'),
    body: t('err.network.body'),
    action: 'retry',
    pointsToRaw: false,
  }),
  timeout: (_error, _context, _detail, t) => ({
    title: t('err.unreachable.title'),
    body: t('err.timeout.body'),
    action: 'retry',
    pointsToRaw: false,
  }),
  offline: (_error, _context, _detail, t) => ({
    title: t('err.offline.title'),
    body: t('err.offline.body'),
    action: 'retry',
    pointsToRaw: false,
  }),
  unsendable: (_error, _context, _detail, t) => ({
    title: t('err.unsendable.title'),
    body: t('err.unsendable.body'),
    action: 'keys',
    pointsToRaw: false,
  }),
  outdated: (_error, _context, _detail, t) => ({
    title: t('err.outdated.title'),
    body: t('err.outdated.body'),
    action: 'reload',
    pointsToRaw: false,
  }),
  malformed: (error, _context, _detail, t) => ({
    title: t('err.malformed.title'),
    body: error.field ? t('err.malformed.field', { field: error.field }) : t('err.malformed.answer'),
    action: 'retry',
    pointsToRaw: true,
  }),
};

export const KNOWN_KINDS = Object.keys(MESSAGES) as ApiErrorKind[];

/** Words for any failure: an ApiError by its kind, anything else (a bug) as a generic failure. */
export function describeError(error: unknown, context: ErrorContext, t: Translate = tEn): ErrorMessage {
  if (isApiError(error)) {
    if (error.code === 'unencodable') {
      return {
        title: t('err.unencodable.title'),
        body: t('err.unencodable.body'),
        action: 'none',
        pointsToRaw: true,
      };
    }
    const fromSource = context.resource === 'cell' ? sourceFailure(error, t) : undefined;
    if (fromSource) return fromSource;
    const describe = MESSAGES[error.kind] as Describe | undefined;
    if (describe) return describe(error, context, clean(error.detail, context.secrets ?? []), t);
  }
  return {
    title: t('err.generic.title'),
    body: t('err.generic.body'),
    action: 'retry',
    pointsToRaw: false,
  };
}
