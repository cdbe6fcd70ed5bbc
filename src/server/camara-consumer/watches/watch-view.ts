import { WATCH_END_REASONS, type WatchEventView, type WatchView } from '../../../api/watches';
import type { Watch, WatchEvent } from '../../store/watch-store';

/** How many events of a watch the app is shown. */
export const EVENTS_SHOWN = 20;

const iso = (ms: number) => new Date(ms).toISOString();

function limitsOf(detail: string | null): WatchView['limits'] {
  if (detail === null) return undefined;
  try {
    const read = JSON.parse(detail) as { minM?: unknown; maxM?: unknown } | null;
    const metres = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);
    const minM = metres(read?.minM);
    const maxM = metres(read?.maxM);
    return { ...(minM !== undefined && { minM }), ...(maxM !== undefined && { maxM }) };
  } catch {
    return undefined;
  }
}

function eventView(event: WatchEvent): WatchEventView {
  return {
    id: event.eventId,
    kind: event.kind,
    time: iso(event.time),
    ...(event.reason !== null && { reason: event.reason }),
  };
}

/** A watch as the app reads it: never the operator's ids, the consent's request or the sink's bearer. */
export function watchView(watch: Watch, events: WatchEvent[]): WatchView {
  const reason = WATCH_END_REASONS.find((known) => known === watch.endReason);
  const limits = reason === 'area-too-small' ? limitsOf(watch.endDetail) : undefined;
  return {
    id: watch.id,
    kind: watch.kind,
    center: { lat: watch.lat, lon: watch.lon },
    radiusM: watch.radiusM,
    state: watch.state,
    ...(watch.state === 'ended' && reason !== undefined && { endReason: reason }),
    ...(limits !== undefined && { limits }),
    ...(watch.state === 'consent' &&
      watch.consentExpiresAt !== null && { consentUntil: iso(watch.consentExpiresAt) }),
    createdAt: iso(watch.createdAt),
    expiresAt: iso(watch.expiresAt),
    events: events.map(eventView),
  };
}
