import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  VERIFY_RADIUS_MAX_M,
  VERIFY_RADIUS_MIN_M,
  type CamaraAnswer,
  type CamaraFailure,
  type CamaraQuestion,
} from '../../api/camara';
import type { ConsumerAsk } from '../camara-consumer/asks';
import type { Guard, Guarded, RequestCheck } from '../platform/guard/guard';
import { apiAnswer, problem, problemAnswer, reply, type Problem } from '../platform/http/api-answer';
import type { CamaraLocationSource } from './camara-location';
import type { User } from '../store/records';
import type { LocationRead } from './location-read';

/** The HTTP status of each failure: the document's 403 (no consent) and 404 (no position) where they mean the same. */
const FAILURE_STATUS: Readonly<Record<CamaraFailure, ContentfulStatusCode>> = {
  refused: 403,
  expired: 403,
  'unknown-number': 404,
  'unable-to-locate': 404,
  'no-fresh-fix': 404,
  'number-not-international': 422,
  'not-applicable': 422,
  'area-too-large': 422,
  'area-not-covered': 422,
  'radius-refused': 422,
  cancelled: 409,
  'permission-denied': 502,
  'client-rejected': 502,
  'scope-rejected': 502,
  'request-rejected': 502,
  'operator-malformed': 502,
  'operator-down': 502,
  'operator-busy': 503,
  'operator-slow': 504,
};

/** Words for a reader of the API (the app has its own, with the next step, in English and Finnish). */
const FAILURE_MESSAGE: Readonly<Record<CamaraFailure, string>> = {
  refused: 'The phone’s owner declined the request.',
  expired: 'The phone’s owner did not answer the request in time.',
  'unknown-number': 'The operator does not know the registered number.',
  'unable-to-locate': 'The network cannot locate the phone now.',
  'no-fresh-fix': 'The network has no position of the phone as fresh as asked.',
  'number-not-international':
    'The registered number is not an international number the operator can be asked about.',
  'not-applicable': 'The operator does not offer Device Location for this number.',
  'area-too-large': 'The network cannot place the phone in an area as small as asked.',
  'area-not-covered': 'The operator does not cover that place.',
  'radius-refused': 'The operator does not accept a circle of that radius (see radius for its limits).',
  cancelled: 'The wait was cancelled; the operator’s request stays valid until it runs out.',
  'permission-denied': 'The operator does not let this service read the phone’s location.',
  'client-rejected': 'The operator does not accept this service as its client.',
  'scope-rejected': 'The operator does not accept the purpose or the API this service asked for.',
  'request-rejected': 'The operator refused the service’s request.',
  'operator-malformed': 'The operator’s answer is not what the specification says; nothing of it is shown.',
  'operator-down': 'The operator cannot be reached.',
  'operator-busy': 'The operator asks the service to slow down.',
  'operator-slow': 'The operator did not answer in time.',
};

/** The state of a question as an HTTP answer: 200 with an answer, 202 while the owner decides, else the failure's. */
function answer(c: Context, body: CamaraAnswer): Response {
  const headers: Record<string, string> = {};
  if (body.state === 'pending') headers['Retry-After'] = String(body.checkAgainSeconds);
  if (body.state === 'failed') {
    if (body.retryAfterSeconds !== undefined) headers['Retry-After'] = String(body.retryAfterSeconds);
    const text = JSON.stringify({ ...body, message: FAILURE_MESSAGE[body.reason] });
    return reply(c, apiAnswer(FAILURE_STATUS[body.reason], 'json', text, headers));
  }
  return reply(c, apiAnswer(body.state === 'pending' ? 202 : 200, 'json', JSON.stringify(body), headers));
}

const bad = (field: string, message: string): { ok: false; problem: Problem } => ({
  ok: false,
  problem: { status: 400, code: 'bad-parameter', message, field },
});

/** `?fresh=true` asks for a fix no older than a minute; absent or false: whatever the network has. */
const locateRequest: RequestCheck<ConsumerAsk> = (c) => {
  const fresh = c.req.queries('fresh') ?? [];
  if (fresh.length > 1 || (fresh.length === 1 && fresh[0] !== 'true' && fresh[0] !== 'false')) {
    return bad('fresh', 'fresh is true or false, given once.');
  }
  return { ok: true, value: { kind: 'locate', fresh: fresh[0] === 'true' } };
};

const DECIMAL = /^[+-]?\d{1,3}(\.\d{1,15})?$/;

function number(c: Context, name: string, min: number, max: number, pattern: RegExp): number | undefined {
  const values = c.req.queries(name) ?? [];
  const value = values.length === 1 && pattern.test(values[0] ?? '') ? Number(values[0]) : Number.NaN;
  return value >= min && value <= max ? value : undefined;
}

/** `?lat=&lon=&radius=`: the circle's centre in degrees, its radius in whole metres. */
const verifyRequest: RequestCheck<ConsumerAsk> = (c) => {
  const lat = number(c, 'lat', -90, 90, DECIMAL);
  if (lat === undefined)
    return bad('lat', 'lat is a latitude from -90 to 90, in decimal degrees, given once.');
  const lon = number(c, 'lon', -180, 180, DECIMAL);
  if (lon === undefined)
    return bad('lon', 'lon is a longitude from -180 to 180, in decimal degrees, given once.');
  const radiusM = number(c, 'radius', VERIFY_RADIUS_MIN_M, VERIFY_RADIUS_MAX_M, /^\d{1,7}$/);
  if (radiusM === undefined) {
    return bad(
      'radius',
      `radius is whole metres from ${VERIFY_RADIUS_MIN_M} to ${VERIFY_RADIUS_MAX_M}, given once.`,
    );
  }
  return { ok: true, value: { kind: 'verify', center: { lat, lon }, radiusM } };
};

/** The document's Location read when a CAMARA operator answers: it has no cell to give, so it says where to ask. */
export const camaraDocumentLocation: LocationRead = (_user, format) =>
  problemAnswer(
    {
      status: 404,
      code: 'camara-location',
      message:
        'This service locates phones through the operator’s CAMARA Device Location: POST /api/camara/locate, ' +
        'then GET it until it answers (docs/api-notes.md).',
    },
    format,
  );

/**
 * Ours, for LOCATION_SOURCE=camara, behind the one guard: POST asks (at once with a token held, else the operator
 * asks the owner on the phone), GET tells where the question stands. JSON only.
 */
export function camaraRoutes(api: Hono, guard: Guard<User>, source: CamaraLocationSource): void {
  const status = async (c: Context<Guarded<User, undefined>>, kind: CamaraQuestion) => {
    const found = await source.status(c.var.who, kind);
    if (found !== undefined) return answer(c, found);
    return problem(c, {
      status: 404,
      code: 'nothing-asked',
      message: `Nothing has been asked lately: POST /api/camara/${kind} first.`,
    });
  };
  api.post('/camara/locate', guard(locateRequest), async (c) =>
    answer(c, await source.ask(c.var.who, c.var.asked)),
  );
  api.get('/camara/locate', guard(), (c) => status(c, 'locate'));
  api.post('/camara/verify', guard(verifyRequest), async (c) =>
    answer(c, await source.ask(c.var.who, c.var.asked)),
  );
  api.get('/camara/verify', guard(), (c) => status(c, 'verify'));
  for (const kind of ['locate', 'verify'] as const) {
    api.delete(`/camara/${kind}`, guard(), async (c) => {
      const found = await source.cancel(c.var.who, kind);
      return found === undefined ? status(c, kind) : answer(c, found);
    });
  }
}
