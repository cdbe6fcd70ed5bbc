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

/** The phone's cells during this session (memory only), following each new Location answer. */
export function useTrail(location: Location | undefined, updatedAt: number): readonly TrailPoint[] {
  const [trail, setTrail] = useState<{ points: readonly TrailPoint[]; seen: number }>({
    points: [],
    seen: 0,
  });
  if (location && updatedAt !== trail.seen) {
    setTrail({ points: nextTrail(trail.points, location, updatedAt), seen: updatedAt });
  }
  return trail.points;
}
