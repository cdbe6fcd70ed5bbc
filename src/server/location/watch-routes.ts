import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { WATCH_RADIUS_MAX_M, WATCH_RADIUS_MIN_M } from '../../api/watches';
import { createGuard, type Guard, type GuardOptions, type RequestCheck } from '../platform/guard/guard';
import { apiAnswer, problem, reply, type Problem } from '../platform/http/api-answer';
import type { User } from '../store/records';
import type { Watches } from '../camara-consumer/watches/watch-engine';
import type { WatchAsk } from '../camara-consumer/watches/watch-steps';
import type { WatchStore } from '../store/watch-store';
import { receiveEvent } from '../camara-consumer/watches/watch-sink';

/** A CloudEvent is under a kilobyte; the sink reads no more than this. */
export const MAX_SINK_BYTES = 16 * 1024;

const DECIMAL = /^[+-]?\d{1,3}(\.\d{1,15})?$/;

const bad = (field: string, message: string): { ok: false; problem: Problem } => ({
  ok: false,
  problem: { status: 400, code: 'bad-parameter', message, field },
});

function one(c: Context, name: string): string | undefined {
  const values = c.req.queries(name) ?? [];
  return values.length === 1 ? values[0] : undefined;
}

function degrees(c: Context, name: string, limit: number): number | undefined {
  const text = one(c, name) ?? '';
  const value = DECIMAL.test(text) ? Number(text) : Number.NaN;
  return Math.abs(value) <= limit ? value : undefined;
}

/** `?lat=&lon=&radius=&when=arrive|leave`: the circle (degrees, whole metres) and what to be told. */
const watchRequest: RequestCheck<WatchAsk> = (c) => {
  const lat = degrees(c, 'lat', 90);
  if (lat === undefined)
    return bad('lat', 'lat is a latitude from -90 to 90, in decimal degrees, given once.');
  const lon = degrees(c, 'lon', 180);
  if (lon === undefined)
    return bad('lon', 'lon is a longitude from -180 to 180, in decimal degrees, given once.');
  const radiusText = one(c, 'radius') ?? '';
  const radiusM = /^\d{1,7}$/.test(radiusText) ? Number(radiusText) : Number.NaN;
  if (!(radiusM >= WATCH_RADIUS_MIN_M && radiusM <= WATCH_RADIUS_MAX_M)) {
    return bad(
      'radius',
      `radius is whole metres from ${WATCH_RADIUS_MIN_M} to ${WATCH_RADIUS_MAX_M}, given once.`,
    );
  }
  const when = one(c, 'when');
  if (when !== 'arrive' && when !== 'leave') return bad('when', 'when is arrive or leave, given once.');
  return { ok: true, value: { kind: when, center: { lat, lon }, radiusM } };
};

/** The request's x-correlator, when it is one CAMARA allows, to echo. */
function correlatorHeader(c: Context): Record<string, string> {
  const correlator = c.req.header('x-correlator');
  return correlator !== undefined && /^[\w\-:;./<>{}]{0,256}$/.test(correlator)
    ? { 'x-correlator': correlator }
    : {};
}

/** The guard's refusal in CAMARA's form: with no check and every bearer let on, only its address limit refuses
 *  (Commonalities' TOO_MANY_REQUESTS, Retry-After saying when to come back). */
function sinkRefusal(c: Context, refused: Problem): Response {
  const headers = correlatorHeader(c);
  if (refused.retryAfterSeconds !== undefined) headers['Retry-After'] = String(refused.retryAfterSeconds);
  return c.json({ status: 429, code: 'TOO_MANY_REQUESTS', message: 'Rate limit reached.' }, 429, headers);
}

const json = (c: Context, status: 200 | 201, body: unknown) =>
  reply(c, apiAnswer(status as 200, 'json', JSON.stringify(body)));

/**
 * "Watch my phone" behind the one guard (the user's own phone, as Locate): list, start, stop. And the sink the
 * operator delivers to, outside the keys' check: each delivery carries its subscription's own bearer instead, but
 * through the same guard's address limit (`door`), before its bearer costs a lookup.
 */
export function watchRoutes(
  api: Hono,
  guard: Guard<User>,
  { watches, store }: { watches: Watches; store: WatchStore },
  door: Pick<GuardOptions<undefined>, 'limits' | 'addressOf'>,
): void {
  const subscriber = (who: User) => ({ userId: who.id, msisdn: who.msisdn });
  api.get('/camara/watches', guard(), async (c) =>
    json(c, 200, { watches: await watches.list(subscriber(c.var.who)) }),
  );
  api.post('/camara/watches', guard(watchRequest), async (c) => {
    const started = await watches.start(subscriber(c.var.who), c.var.asked);
    if (started.ok) return json(c, 201, started.watch);
    return problem(c, {
      status: 409,
      code: 'too-many-watches',
      message: 'Stop a watch before starting another.',
    });
  });
  api.delete('/camara/watches/:id', guard(), async (c) => {
    const stopped = await watches.stop(subscriber(c.var.who), c.req.param('id'));
    if (stopped !== undefined) return json(c, 200, stopped);
    return problem(c, { status: 404, code: 'no-such-watch', message: 'You have no watch of that id.' });
  });
  const limit = bodyLimit({
    maxSize: MAX_SINK_BYTES,
    onError: (c) =>
      c.json({ status: 400, code: 'INVALID_ARGUMENT', message: 'The event is too large.' }, 400),
  });
  // The bearer is judged by the sink itself (receiveEvent): the guard only charges the address.
  const addressLimit = createGuard<undefined, undefined>({
    ...door,
    credentials: () => undefined,
    judge: () => ({ ok: true, who: undefined }),
    refuse: sinkRefusal,
  })();
  api.post('/camara/sink', addressLimit, limit, async (c) => {
    const answer = await receiveEvent(store, c.req.header('authorization'), await c.req.text(), Date.now());
    const headers = correlatorHeader(c);
    if (answer.status === 204) return c.body(null, 204, headers);
    if (answer.status === 401) headers['WWW-Authenticate'] = 'Bearer';
    return c.json(
      { status: answer.status, code: answer.code, message: answer.message },
      answer.status,
      headers,
    );
  });
}
