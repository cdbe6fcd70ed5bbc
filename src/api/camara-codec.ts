import {
  CAMARA_FAILURES,
  type CamaraAnswer,
  type CamaraArea,
  type CamaraAsk,
  type LatLon,
  type RadiusRefusal,
} from './camara';
import { malformed } from './errors';

/** Largest answer of the CAMARA read, in characters: a polygon of 15 corners is under 2 kB. */
export const MAX_CAMARA_BODY_CHARS = 64 * 1024;

type Tree = Record<string, unknown>;

const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function finite(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw malformed(field, `must be a number from ${min} to ${max}`);
  }
  return value;
}

function point(value: unknown, field: string): LatLon {
  if (!isTree(value)) throw malformed(field, 'must be a point');
  return {
    lat: finite(value.lat, `${field}.lat`, -90, 90),
    lon: finite(value.lon, `${field}.lon`, -180, 180),
  };
}

function instant(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > 40 || Number.isNaN(Date.parse(value))) {
    throw malformed(field, 'must be a date and time');
  }
  return value;
}

function area(value: unknown): CamaraArea {
  if (!isTree(value)) throw malformed('area', 'must be an area');
  const center = point(value.center, 'area.center');
  const radiusM = finite(value.radiusM, 'area.radiusM', 0, 20_100_000);
  if (value.shape === 'circle') return { shape: 'circle', center, radiusM };
  if (value.shape !== 'polygon') throw malformed('area.shape', 'must be circle or polygon');
  const { points } = value;
  if (!Array.isArray(points) || points.length < 3 || points.length > 15) {
    throw malformed('area.points', 'must be 3 to 15 points');
  }
  return {
    shape: 'polygon',
    points: points.map((one, i) => point(one, `area.points[${i}]`)),
    center,
    radiusM,
  };
}

function located(tree: Tree): CamaraAnswer {
  return {
    state: 'located',
    area: area(tree.area),
    lastLocationTime: instant(tree.lastLocationTime, 'lastLocationTime'),
    answeredAt: instant(tree.answeredAt, 'answeredAt'),
  };
}

function verified(tree: Tree): CamaraAnswer {
  const { result, matchRate } = tree;
  if (result !== 'TRUE' && result !== 'FALSE' && result !== 'PARTIAL') {
    throw malformed('result', 'must be TRUE, FALSE or PARTIAL');
  }
  if ((result === 'PARTIAL') !== (matchRate !== undefined)) {
    throw malformed('matchRate', 'comes with PARTIAL, and only then');
  }
  if (!isTree(tree.circle)) throw malformed('circle', 'must be a circle');
  return {
    state: 'verified',
    result,
    ...(matchRate !== undefined && { matchRate: finite(matchRate, 'matchRate', 1, 99) }),
    circle: {
      center: point(tree.circle.center, 'circle.center'),
      radiusM: finite(tree.circle.radiusM, 'circle.radiusM', 1, 1_000_000),
    },
    lastLocationTime: instant(tree.lastLocationTime, 'lastLocationTime'),
    answeredAt: instant(tree.answeredAt, 'answeredAt'),
  };
}

function radius(value: unknown): RadiusRefusal {
  if (!isTree(value) || (value.way !== 'small' && value.way !== 'large')) {
    throw malformed('radius.way', 'must be small or large');
  }
  const { minM, maxM } = value;
  return {
    way: value.way,
    ...(minM !== undefined && { minM: finite(minM, 'radius.minM', 1, 20_100_000) }),
    ...(maxM !== undefined && { maxM: finite(maxM, 'radius.maxM', 1, 20_100_000) }),
  };
}

function failed(tree: Tree): CamaraAnswer {
  const reason = CAMARA_FAILURES.find((known) => known === tree.reason);
  if (reason === undefined) throw malformed('reason', 'is not a reason the app knows');
  const { field, retryAfterSeconds } = tree;
  return {
    state: 'failed',
    reason,
    ...(typeof field === 'string' && field.length <= 100 && { field }),
    ...(retryAfterSeconds !== undefined && {
      retryAfterSeconds: finite(retryAfterSeconds, 'retryAfterSeconds', 0, 86_400),
    }),
    ...(tree.radius !== undefined && { radius: radius(tree.radius) }),
  };
}

function pending(tree: Tree): CamaraAnswer {
  return {
    state: 'pending',
    checkAgainSeconds: finite(tree.checkAgainSeconds, 'checkAgainSeconds', 1, 3600),
    expiresAt: instant(tree.expiresAt, 'expiresAt'),
    ...(tree.ownerAsked === true && { ownerAsked: true }),
    ...(tree.operatorTrouble === true && { operatorTrouble: true }),
  };
}

function parse(body: string): Tree {
  if (body.length > MAX_CAMARA_BODY_CHARS) throw malformed('body', 'answer is too large');
  let tree: unknown;
  try {
    tree = JSON.parse(body);
  } catch {
    throw malformed('body', 'not valid JSON');
  }
  if (!isTree(tree)) throw malformed('body', 'JSON is not an object');
  return tree;
}

/** The CAMARA read's answer (src/api/camara.ts), every field checked; anything else throws `malformed`. */
export function decodeCamaraAnswer(body: string): CamaraAnswer {
  const tree = parse(body);
  switch (tree.state) {
    case 'pending':
      return pending(tree);
    case 'located':
      return located(tree);
    case 'verified':
      return verified(tree);
    case 'failed':
      return failed(tree);
    default:
      throw malformed('state', 'must be pending, located, verified or failed');
  }
}

/**
 * A failure's answer, which comes with an error status (403 refused, 404 unable to locate…): undefined when the
 * body is not one (a key check's 401, a 429: the usual errors).
 */
export function decodeCamaraFailure(body: string): CamaraAnswer | undefined {
  try {
    const answer = decodeCamaraAnswer(body);
    return answer.state === 'failed' ? answer : undefined;
  } catch {
    return undefined;
  }
}

/** The path and query a question is asked with (the keys are added by the client). */
export function camaraAskPath(ask: CamaraAsk): string {
  if (ask.kind === 'locate') return `/camara/locate${ask.fresh ? '?fresh=true' : ''}`;
  const query = new URLSearchParams({
    lat: ask.center.lat.toFixed(6),
    lon: ask.center.lon.toFixed(6),
    radius: String(Math.round(ask.radiusM)),
  });
  return `/camara/verify?${query.toString()}`;
}
