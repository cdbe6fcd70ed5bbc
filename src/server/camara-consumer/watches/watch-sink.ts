import { readCloudEvent } from './cloud-event';
import type { WatchStore } from '../../store/watch-store';
import { sinkHashOf } from './watch-steps';

/** The sink's answer: 204 kept (or kept before), else the CAMARA error the YAML's callback lists. */
export interface SinkAnswer {
  status: 204 | 400 | 401 | 404 | 410;
  code?: 'INVALID_ARGUMENT' | 'UNAUTHENTICATED' | 'NOT_FOUND' | 'GONE';
  message?: string;
  /** For the log: what was kept or refused (no bearer in it). */
  detail: string;
}

const BEARER = /^Bearer ([\x21-\x7e]{16,512})$/;

const refuse = (status: SinkAnswer['status'], code: SinkAnswer['code'], message: string): SinkAnswer => ({
  status,
  code,
  message,
  detail: message,
});

/**
 * One delivery to POST /api/camara/sink. The bearer names the watch (each subscription has its own, only its hash
 * is kept): none or an unknown one is 401; a body that is not the YAML's CloudEvent is 400; an event of another
 * subscription than the bearer's is 404; an event for a watch that ended is 410 Gone (a redelivery of one kept,
 * and subscription-ended itself, are 204). The same event id twice is kept once; events are shown by their own
 * time, so one that comes late does not pass for the newest.
 */
export async function receiveEvent(
  watches: WatchStore,
  authorization: string | undefined,
  text: string,
  now: number,
): Promise<SinkAnswer> {
  const bearer = BEARER.exec(authorization ?? '')?.[1];
  const watch = bearer === undefined ? undefined : await watches.bySink(sinkHashOf(bearer));
  if (watch === undefined) return refuse(401, 'UNAUTHENTICATED', 'No valid sink credential.');
  const read = readCloudEvent(text);
  if (!read.ok) return refuse(400, 'INVALID_ARGUMENT', `Not a geofencing CloudEvent: ${read.problem}.`);
  const { event } = read;
  if (watch.subscriptionId !== null && watch.subscriptionId !== event.subscriptionId) {
    return refuse(404, 'NOT_FOUND', 'No such subscription for this sink credential.');
  }
  const detail = `watch ${watch.id}: ${event.kind} ${event.id}`;
  if (watch.state === 'ended') {
    const kept = (await watches.events(watch.id, 1000)).some((one) => one.eventId === event.id);
    if (kept || event.kind === 'ended') return { status: 204, detail: `${detail} (after its end)` };
    return refuse(410, 'GONE', 'This watch has ended.');
  }
  const added = await watches.addEvent({
    watchId: watch.id,
    eventId: event.id,
    kind: event.kind,
    time: event.time,
    receivedAt: now,
    reason: event.terminationReason ?? null,
  });
  if (!added) return { status: 204, detail: `${detail} (again)` };
  if (event.kind === 'ended') {
    await watches.end(watch.id, event.terminationReason ?? 'NETWORK_TERMINATED', now);
  } else if (watch.state !== 'active' || watch.subscriptionId === null) {
    // The subscription's first event may come before the operator's answer to it: it names the subscription.
    await watches.subscribed(watch.id, event.subscriptionId, 'active', now);
  }
  return { status: 204, detail };
}
