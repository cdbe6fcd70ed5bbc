import { useCallback, useMemo, useRef } from 'react';
import type { WatchView } from '../../api/watches';
import type { WatchArea } from '../../state/map-focus';
import { useDrawOnMap, useSession } from '../../state/session';

/** What the map draws of the watches: each one's circle, whether it ended, and its latest arrive or leave. */
export function watchAreas(watches: readonly WatchView[] | undefined): WatchArea[] | undefined {
  if (watches === undefined || watches.length === 0) return undefined;
  return watches.map((watch) => {
    // The events come newest first by their own time.
    const latest = watch.events.find((event) => event.kind === 'entered' || event.kind === 'left');
    return {
      id: watch.id,
      kind: watch.kind,
      center: watch.center,
      radiusM: watch.radiusM,
      ended: watch.state === 'ended',
      ...(latest !== undefined && { latest: { kind: latest.kind as 'entered' | 'left', time: latest.time } }),
    };
  });
}

/** Hands the map the listed watches' areas (nothing once they are gone, e.g. after Forget keys). */
export function useWatchesOnMap(watches: readonly WatchView[] | undefined): void {
  const key = JSON.stringify(watchAreas(watches) ?? null);
  // The same areas keep the same value, so a poll that brought nothing new draws nothing again.
  const areas = useMemo(() => JSON.parse(key) as WatchArea[] | null, [key]);
  useDrawOnMap('watches', areas ?? undefined);
}

/** Frames a watch's area on the map, again each time it is chosen. */
export function useFrameWatch(): (watch: WatchView) => void {
  const { focus } = useSession();
  const count = useRef(0);
  return useCallback(
    (watch: WatchView) => {
      count.current += 1;
      focus.draw({ watchFramed: { center: watch.center, radiusM: watch.radiusM, token: count.current } });
    },
    [focus],
  );
}
