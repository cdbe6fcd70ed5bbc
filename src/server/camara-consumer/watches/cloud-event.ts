import { jsonObject } from '../../platform/net/json-object';
import { KIND_OF_TYPE, TERMINATION_REASONS, type WatchEventKind } from './geofencing';

/** A CloudEvent 1.0 the operator delivered to the sink, as far as the watch needs it. */
export interface SinkEvent {
  id: string;
  kind: WatchEventKind;
  /** Unix milliseconds. */
  time: number;
  subscriptionId: string;
  /** subscription-ended's terminationReason. */
  terminationReason?: (typeof TERMINATION_REASONS)[number];
}

export type EventRead = { ok: true; event: SinkEvent } | { ok: false; problem: string };

/** RFC 3339 date-time with its time zone (the YAML's DateTime). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
/** Identifiers: printable, without spaces, not endless. */
const IDENTIFIER = /^[\x21-\x7e]{1,256}$/;

const bad = (problem: string): EventRead => ({ ok: false, problem });

function readArea(value: unknown): boolean {
  const area = value as { areaType?: unknown } | null;
  return typeof area === 'object' && area !== null && typeof area.areaType === 'string';
}

/**
 * Reads a delivered CloudEvent strictly (geofencing-subscriptions.yaml, CloudEvent and its data): `specversion`
 * 1.0, a known `type`, `id`, `source`, a `time` with a zone, `datacontenttype` application/json when given, and
 * `data` with the `subscriptionId` and (area events, subscription-ended) the `area`; subscription-ended names one
 * of the YAML's termination reasons. Anything else is malformed: it is neither kept nor shown.
 */
export function readCloudEvent(text: string): EventRead {
  const body = jsonObject(text);
  if (body === undefined) return bad('the body is not a JSON object');
  if (body.specversion !== '1.0') return bad('specversion is not "1.0"');
  const kind = typeof body.type === 'string' ? KIND_OF_TYPE[body.type] : undefined;
  if (kind === undefined) return bad('type is not one of the geofencing event types');
  if (typeof body.id !== 'string' || !IDENTIFIER.test(body.id))
    return bad('id is missing or not an identifier');
  if (typeof body.source !== 'string' || body.source.length === 0) return bad('source is missing');
  if (body.datacontenttype !== undefined && body.datacontenttype !== 'application/json') {
    return bad('datacontenttype is not application/json');
  }
  const time = typeof body.time === 'string' && DATE_TIME.test(body.time) ? Date.parse(body.time) : NaN;
  if (Number.isNaN(time)) return bad('time is not an RFC 3339 date-time with a time zone');
  const data = body.data as Record<string, unknown> | null | undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return bad('data is not an object');
  const { subscriptionId } = data;
  if (typeof subscriptionId !== 'string' || !IDENTIFIER.test(subscriptionId)) {
    return bad('data.subscriptionId is missing');
  }
  if (kind !== 'updated' && !readArea(data.area)) return bad('data.area is missing');
  const event: SinkEvent = { id: body.id, kind, time, subscriptionId };
  if (kind === 'ended') {
    const reason = TERMINATION_REASONS.find((known) => known === data.terminationReason);
    if (reason === undefined) return bad('data.terminationReason is not one of the YAML’s');
    event.terminationReason = reason;
  }
  return { ok: true, event };
}
