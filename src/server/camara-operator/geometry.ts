/** Metres, from the mean Earth radius (IUGG). */
const EARTH_RADIUS_M = 6_371_008.8;
const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;

export interface Disc {
  latitude: number;
  longitude: number;
  /** Metres. */
  radius: number;
}

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function discArea(disc: Disc): number {
  return Math.PI * disc.radius ** 2;
}

/**
 * The area two discs share, in square metres: the centres' distance on the sphere, the lens in the plane. At the
 * sizes verification allows (radii up to 200 km) the plane's error is well under one per cent of the area.
 */
export function sharedArea(a: Disc, b: Disc): number {
  const d = distanceMeters(a, b);
  const [r1, r2] = [a.radius, b.radius];
  if (d >= r1 + r2) return 0;
  if (d <= Math.abs(r1 - r2)) return Math.PI * Math.min(r1, r2) ** 2;
  const alpha = Math.acos(Math.min(1, Math.max(-1, (d * d + r1 * r1 - r2 * r2) / (2 * d * r1))));
  const beta = Math.acos(Math.min(1, Math.max(-1, (d * d + r2 * r2 - r1 * r1) / (2 * d * r2))));
  const kite = 0.5 * Math.sqrt(Math.max(0, (-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)));
  return r1 * r1 * alpha + r2 * r2 * beta - kite;
}

export type Verification =
  { verificationResult: 'TRUE' | 'FALSE' } | { verificationResult: 'PARTIAL'; matchRate: number };

/**
 * location-verification v3: TRUE when the network's area lies inside the requested one, FALSE when they do not
 * meet, else PARTIAL (they overlap, or the network's area holds the requested one) with matchRate the share of the
 * network's area inside the requested one, (R ∩ N) / N × 100, as a whole percent from 1 to 99.
 */
export function verify(requested: Disc, network: Disc): Verification {
  const d = distanceMeters(requested, network);
  if (d + network.radius <= requested.radius) return { verificationResult: 'TRUE' };
  if (d >= requested.radius + network.radius) return { verificationResult: 'FALSE' };
  const rate = Math.round((100 * sharedArea(requested, network)) / discArea(network));
  return { verificationResult: 'PARTIAL', matchRate: Math.min(99, Math.max(1, rate)) };
}

/** The box around a disc grown by `margin` metres; `west > east` when it crosses 180°, whole longitudes at a pole. */
export function boxAround(disc: Disc, margin = 0) {
  const reach = disc.radius + margin;
  const dLat = reach / METRES_PER_DEGREE;
  const south = Math.max(-90, disc.latitude - dLat);
  const north = Math.min(90, disc.latitude + dLat);
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const cos = Math.cos(radians(widest));
  const dLon = cos <= 1e-9 ? 180 : reach / (METRES_PER_DEGREE * cos);
  if (dLon >= 180) return { west: -180, south, east: 180, north };
  const wrap = (lon: number): number => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
  return { west: wrap(disc.longitude - dLon), south, east: wrap(disc.longitude + dLon), north };
}
