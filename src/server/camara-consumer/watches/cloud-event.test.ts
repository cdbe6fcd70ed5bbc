import { describe, expect, it } from 'vitest';
import { readCloudEvent } from './cloud-event';

const PREFIX = 'org.camaraproject.geofencing-subscriptions.v0';
const area = { areaType: 'CIRCLE', center: { latitude: 60.17, longitude: 24.94 }, radius: 2000 };

/** The YAML's CIRCLE_AREA_LEFT example, with changes. */
const event = (changes: Record<string, unknown> = {}, data: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: '123655',
    source: 'https://notificationSendServer12.supertelco.com',
    type: `${PREFIX}.area-left`,
    specversion: '1.0',
    datacontenttype: 'application/json',
    time: '2023-01-17T13:18:23.682Z',
    data: { subscriptionId: '987654321', area, ...data },
    ...changes,
  });

describe('the CloudEvents the sink takes', () => {
  it('reads the YAML’s example: its id, kind, time and subscription', () => {
    expect(readCloudEvent(event())).toEqual({
      ok: true,
      event: {
        id: '123655',
        kind: 'left',
        time: Date.parse('2023-01-17T13:18:23.682Z'),
        subscriptionId: '987654321',
      },
    });
  });

  it('reads subscription-ended with its termination reason', () => {
    const ended = readCloudEvent(
      event({ type: `${PREFIX}.subscription-ended` }, { terminationReason: 'SUBSCRIPTION_EXPIRED' }),
    );
    expect(ended).toMatchObject({
      ok: true,
      event: { kind: 'ended', terminationReason: 'SUBSCRIPTION_EXPIRED' },
    });
  });

  it.each([
    ['not JSON', '{"id":'],
    ['an array', '[]'],
    ['another specversion', event({ specversion: '0.3' })],
    ['another API’s type', event({ type: 'org.camaraproject.device-status.v0.roaming-status' })],
    ['no id', event({ id: undefined })],
    ['an empty source', event({ source: '' })],
    ['another data content type', event({ datacontenttype: 'text/plain' })],
    ['a time without a zone', event({ time: '2023-01-17T13:18:23' })],
    ['no data', event({ data: undefined })],
    ['no subscription id', event({}, { subscriptionId: undefined })],
    ['no area', event({}, { area: undefined })],
    [
      'an ending without a known reason',
      event({ type: `${PREFIX}.subscription-ended` }, { terminationReason: 'BORED' }),
    ],
  ])('refuses %s', (_name, text) => {
    expect(readCloudEvent(text).ok).toBe(false);
  });
});
