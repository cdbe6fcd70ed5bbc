// The stand-in operator's Device Geofencing Subscriptions (v0.5.0, DeviceLocation r3.2), written from the YAML for
// three-legged tokens, with its traps: the subscription-started event is delivered BEFORE the 201 answer (the sink
// does not know the subscription's id yet); a radius under MIN_GEOFENCE_RADIUS_M is 422
// GEOFENCING_SUBSCRIPTIONS.INVALID_AREA naming the limit; a centre outside Finland is AREA_NOT_COVERED; fired
// events may come twice with the same id, or out of order (the older after the newer); DELETE ends with
// subscription-ended SUBSCRIPTION_DELETED; `end` sends subscription-ended with any reason.
//   API     ${url}/api/geofencing-subscriptions/v0.5/subscriptions[/{id}]   POST, GET, DELETE
//   tests   POST /control/geofence?number=+358...&event=entered|left|ended[&reason=..][&twice=true][&outOfOrder=true]
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { liveToken, presentedToken, readCircle, type IssuedToken } from './camara-api';

export const GEOFENCING_PATH = '/api/geofencing-subscriptions/v0.5/subscriptions';
/** The smallest radius this operator watches (the YAML: "implementations may enforce a larger minimum radius"). */
export const MIN_GEOFENCE_RADIUS_M = 1000;
const COVERAGE = { south: 59.5, north: 70.1, west: 19.0, east: 31.6 };
const PREFIX = 'org.camaraproject.geofencing-subscriptions.v0';
const TYPES = [`${PREFIX}.area-entered`, `${PREFIX}.area-left`];

interface StandInSubscription {
  id: string;
  number: string;
  sink: string;
  sinkToken: string;
  type: string;
  area: { areaType: 'CIRCLE'; center: { latitude: number; longitude: number }; radius: number };
  startsAt: string;
  expiresAt: string;
  ended: boolean;
}

/** A delivery as the stand-in made it, and the sink's status. */
export interface Delivery {
  subscriptionId: string;
  type: string;
  id: string;
  status: number;
}

type Json = Record<string, unknown>;

function send(res: ServerResponse, status: number, body: unknown, correlator?: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    ...(correlator !== undefined && { 'x-correlator': correlator }),
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, code: string, correlator?: string, message?: string) =>
  send(
    res,
    status,
    { status, code, message: message ?? code.toLowerCase().replaceAll('_', ' ') },
    correlator,
  );

function sinkAllowed(sink: unknown): sink is string {
  if (typeof sink !== 'string') return false;
  try {
    const url = new URL(sink);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname))
    );
  } catch {
    return false;
  }
}

/** The area, or why not: the YAML's Circle. */
function readArea(value: unknown): StandInSubscription['area'] | string {
  const circle = readCircle(value);
  return circle === undefined ? 'INVALID_ARGUMENT' : { areaType: 'CIRCLE', ...circle };
}

/** The stand-in's subscriptions: its API, and the deliveries tests fire. */
export function geofencing(tokens: Map<string, IssuedToken>, now: () => number) {
  const subscriptions = new Map<string, StandInSubscription>();
  const deliveries: Delivery[] = [];

  async function deliver(sub: StandInSubscription, type: string, data: Json, id = randomUUID(), at = now()) {
    const event = {
      id,
      source: 'https://stand-in.operator.example/geofencing',
      type: `${PREFIX}.${type}`,
      specversion: '1.0',
      datacontenttype: 'application/json',
      time: new Date(at).toISOString(),
      data: { subscriptionId: sub.id, area: sub.area, ...data },
    };
    let status = 0;
    try {
      const answer = await fetch(sub.sink, {
        method: 'POST',
        headers: { 'Content-Type': 'application/cloudevents+json', Authorization: `Bearer ${sub.sinkToken}` },
        body: JSON.stringify(event),
        redirect: 'manual',
      });
      status = answer.status;
    } catch {
      status = 0;
    }
    deliveries.push({ subscriptionId: sub.id, type: event.type, id, status });
    return status;
  }

  function create(res: ServerResponse, number: string, scopes: string[], body: Json, correlator?: string) {
    const { sink, sinkCredential, types, config, protocol } = body as Json & {
      config?: Json;
      sinkCredential?: Json;
    };
    if (protocol !== 'HTTP') return error(res, 400, 'INVALID_PROTOCOL', correlator);
    if (!sinkAllowed(sink)) return error(res, 400, 'INVALID_SINK', correlator);
    const token = sinkCredential?.accessToken;
    if (
      sinkCredential?.credentialType !== 'ACCESSTOKEN' ||
      typeof token !== 'string' ||
      sinkCredential.accessTokenType !== 'bearer'
    ) {
      return error(res, 400, 'INVALID_CREDENTIAL', correlator);
    }
    if (!Array.isArray(types) || types.length === 0) return error(res, 400, 'INVALID_ARGUMENT', correlator);
    if (types.length > 1) return error(res, 422, 'MULTIEVENT_SUBSCRIPTION_NOT_SUPPORTED', correlator);
    const type = String(types[0]);
    if (!TYPES.includes(type)) return error(res, 400, 'INVALID_ARGUMENT', correlator);
    if (!scopes.includes(`geofencing-subscriptions:${type}:create`))
      return error(res, 403, 'PERMISSION_DENIED', correlator);
    const detail = config?.subscriptionDetail as Json | undefined;
    if (detail?.device !== undefined) return error(res, 422, 'UNNECESSARY_IDENTIFIER', correlator);
    const area = readArea(detail?.area);
    if (typeof area === 'string') return error(res, 400, area, correlator);
    if (area.radius < MIN_GEOFENCE_RADIUS_M) {
      const message = `The requested area is too small: the radius must be at least ${MIN_GEOFENCE_RADIUS_M} m`;
      return error(res, 422, 'GEOFENCING_SUBSCRIPTIONS.INVALID_AREA', correlator, message);
    }
    const { latitude, longitude } = area.center;
    if (
      latitude < COVERAGE.south ||
      latitude > COVERAGE.north ||
      longitude < COVERAGE.west ||
      longitude > COVERAGE.east
    ) {
      return error(res, 422, 'GEOFENCING_SUBSCRIPTIONS.AREA_NOT_COVERED', correlator);
    }
    const asked =
      typeof config?.subscriptionExpireTime === 'string' ? Date.parse(config.subscriptionExpireTime) : NaN;
    const sub: StandInSubscription = {
      id: randomUUID(),
      number,
      sink,
      sinkToken: token,
      type,
      area,
      startsAt: new Date(now()).toISOString(),
      expiresAt: new Date(Number.isNaN(asked) ? now() + 86_400_000 : asked).toISOString(),
      ended: false,
    };
    subscriptions.set(sub.id, sub);
    // The trap: subscription-started reaches the sink before the 201 reaches the client.
    void deliver(sub, 'subscription-started', { initiationReason: 'SUBSCRIPTION_CREATED' }).then(() =>
      send(res, 201, view(sub, config), correlator),
    );
  }

  function view(sub: StandInSubscription, config?: Json) {
    return {
      protocol: 'HTTP',
      sink: sub.sink,
      types: [sub.type],
      config: { ...config, subscriptionDetail: { area: sub.area } },
      id: sub.id,
      startsAt: sub.startsAt,
      expiresAt: sub.expiresAt,
      status: sub.ended ? 'DELETED' : 'ACTIVE',
    };
  }

  /** Answers the API, or the tests' command to fire events; false when the path is neither. */
  function handle(req: IncomingMessage, res: ServerResponse, url: URL, text: string): boolean {
    const path = url.pathname;
    if (path === '/control/geofence') {
      const flag = (name: string) => url.searchParams.get(name) === 'true';
      const options = { reason: url.searchParams.get('reason') ?? undefined, twice: flag('twice') };
      const event = url.searchParams.get('event') ?? '';
      void fire(url.searchParams.get('number') ?? '', event, {
        ...options,
        outOfOrder: flag('outOfOrder'),
      }).then((statuses) => send(res, 200, { statuses }));
      return true;
    }
    if (path !== GEOFENCING_PATH && !path.startsWith(`${GEOFENCING_PATH}/`)) return false;
    api(req, res, path, text);
    return true;
  }

  function api(req: IncomingMessage, res: ServerResponse, path: string, text: string): void {
    const given = req.headers['x-correlator'];
    const correlator = typeof given === 'string' ? given : undefined;
    const token = presentedToken(req, tokens);
    if (!liveToken(token, now())) return error(res, 401, 'UNAUTHENTICATED', correlator);
    const id = decodeURIComponent(path.slice(GEOFENCING_PATH.length + 1));
    const mine = [...subscriptions.values()].filter((sub) => sub.number === token.number && !sub.ended);
    const can = (scope: string) => token.scopes.includes(`geofencing-subscriptions:${scope}`);
    if (req.method === 'POST' && id === '') {
      let body: Json;
      try {
        body = JSON.parse(text) as Json;
      } catch {
        return error(res, 400, 'INVALID_ARGUMENT', correlator);
      }
      return create(res, token.number, token.scopes, body, correlator);
    }
    if (req.method === 'GET' && id === '') {
      if (!can('read')) return error(res, 403, 'PERMISSION_DENIED', correlator);
      return send(
        res,
        200,
        mine.map((sub) => view(sub)),
        correlator,
      );
    }
    const sub = mine.find((one) => one.id === id);
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!can(req.method === 'GET' ? 'read' : 'delete'))
        return error(res, 403, 'PERMISSION_DENIED', correlator);
      if (sub === undefined) return error(res, 404, 'NOT_FOUND', correlator);
      if (req.method === 'GET') return send(res, 200, view(sub), correlator);
      sub.ended = true;
      send(res, 204, undefined, correlator);
      void deliver(sub, 'subscription-ended', { terminationReason: 'SUBSCRIPTION_DELETED' });
      return;
    }
    return error(res, 405, 'METHOD_NOT_ALLOWED', correlator);
  }

  /** Fires an event to each live subscription of the number (of that type, for area events); the sinks' statuses. */
  async function fire(
    number: string,
    event: string,
    options: { reason?: string; twice?: boolean; outOfOrder?: boolean },
  ) {
    const statuses: number[] = [];
    const live = [...subscriptions.values()].filter((sub) => sub.number === number && !sub.ended);
    for (const sub of live) {
      if (event === 'ended') {
        sub.ended = true;
        statuses.push(
          await deliver(sub, 'subscription-ended', {
            terminationReason: options.reason ?? 'SUBSCRIPTION_EXPIRED',
          }),
        );
        continue;
      }
      const type = event === 'entered' ? 'area-entered' : 'area-left';
      if (sub.type !== `${PREFIX}.${type}`) continue;
      const id = randomUUID();
      const at = now();
      if (options.outOfOrder === true) statuses.push(await deliver(sub, type, {}, randomUUID(), at + 1000));
      statuses.push(await deliver(sub, type, {}, id, at));
      if (options.twice === true) statuses.push(await deliver(sub, type, {}, id, at));
    }
    return statuses;
  }

  return { handle, fire, deliveries, subscriptions: () => [...subscriptions.values()] };
}
