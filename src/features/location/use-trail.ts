import { useState } from 'react';
import type { Location } from '../../api/types';
import type { TrailPoint } from '../../state/map-focus';

export function nextTrail(
  points: readonly TrailPoint[],
  location: Location,
  at: number,
): readonly TrailPoint[] {
  const { position, name } = location.cell;
  const last = points[points.length - 1];
  if (last && last.lat === position.lat && last.lon === position.lon) return points;
  return [...points, { lat: position.lat, lon: position.lon, name, at }].slice(-500);
}

/** The phone's cells during this session (memory only), following each new Location answer of this user. */
export function useTrail(
  location: Location | undefined,
  updatedAt: number,
  user: number,
): readonly TrailPoint[] {
  const [trail, setTrail] = useState<{ points: readonly TrailPoint[]; seen: number; user: number }>({
    points: [],
    seen: 0,
    user,
  });
  // Another user's phone is not where this one was: their trail starts afresh, never joined to the last one's.
  if (trail.user !== user) {
    setTrail({ points: [], seen: 0, user });
  } else if (location && updatedAt !== trail.seen) {
    setTrail({ points: nextTrail(trail.points, location, updatedAt), seen: updatedAt, user });
  }
  return trail.user === user ? trail.points : [];
}
