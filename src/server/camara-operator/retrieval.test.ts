import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  startOperator,
  threeLeggedToken,
  twoLeggedToken,
  type RunningOperator,
} from '../testing/camara-operator';
import { CORRELATOR, expectError, expectLocation, expectOk } from '../testing/camara-spec-checks';

/*
 * location-retrieval.feature of DeviceLocation r3.2 (v0.5.0), scenario by scenario; each test is named by the
 * scenario's tag. Not here: @location_retrieval_C01.07_device_not_supported (SERVICE_NOT_APPLICABLE): this
 * operator offers Device Location to every subscriber, so no device is one the service does not apply to.
 */

const PATH = '/location-retrieval/v0.5/retrieve';
const DEMO_PHONE = '+358401234567';
const HELSINKI_KAMPPI = { latitude: 60.1689, longitude: 24.9317 };

afterEach(() => vi.useRealTimers());

function retrieve(
  op: RunningOperator,
  token: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return op.api(PATH, token, body, { 'x-correlator': CORRELATOR, ...headers });
}

describe('location retrieval: success scenarios', () => {
  it('@location_retrieval_200_generic_success_scenario: a device identified by the token, or in the body', async () => {
    const op = await startOperator({ twoLegged: true });
    const byToken = await expectOk(await retrieve(op, await threeLeggedToken(op), {}));
    expectLocation(byToken);
    expect(byToken.area).toEqual({ areaType: 'CIRCLE', center: HELSINKI_KAMPPI, radius: 1000 });
    expect(byToken).not.toHaveProperty('device');
    const byBody = await expectOk(
      await retrieve(op, await twoLeggedToken(op), { device: { phoneNumber: DEMO_PHONE } }),
    );
    expectLocation(byBody);
    expect(byBody.device).toEqual({ phoneNumber: DEMO_PHONE });
  });

  it('@location_retrieval_200.1_location_retrieval_for_device_no_maxAge: any age will do', async () => {
    const op = await startOperator();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 86_400_000);
    const body = await expectOk(await retrieve(op, await threeLeggedToken(op), {}));
    expectLocation(body);
    expect(Date.now() - Date.parse(body.lastLocationTime as string)).toBeGreaterThanOrEqual(86_400_000);
  });

  it('@location_retrieval_200.2_location_retrieval_for_device_with_maxAge: lastLocationTime is not older than maxAge', async () => {
    const op = await startOperator({ twoLegged: true });
    const asked = Date.now();
    const body = await expectOk(
      await retrieve(op, await twoLeggedToken(op), { device: { phoneNumber: DEMO_PHONE }, maxAge: 120 }),
    );
    expectLocation(body);
    expect(asked - Date.parse(body.lastLocationTime as string)).toBeLessThanOrEqual(120_000);
  });

  it('answers from the cell the phone is in now, and its range as the radius, with when it entered the cell', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    op.store.addCell({
      mcc: 244,
      mnc: 91,
      cellid: 990001,
      lac: 1,
      lat: 61.5,
      lon: 23.77,
      name: 'Tampere test',
      range: 2500,
    });
    const before = Date.now();
    op.store.setPhoneCell('demo-user', { mcc: 244, mnc: 91, cellid: 990001 });
    const body = await expectOk(await retrieve(op, token, { maxAge: 60 }));
    expect(body.area).toEqual({
      areaType: 'CIRCLE',
      center: { latitude: 61.5, longitude: 23.77 },
      radius: 2500,
    });
    expect(Date.parse(body.lastLocationTime as string)).toBeGreaterThanOrEqual(before);
  });
});

describe('location retrieval: the device identifier (C01)', () => {
  it('@location_retrieval_C01.01_device_empty: 400 INVALID_ARGUMENT', async () => {
    const op = await startOperator({ twoLegged: true });
    await expectError(
      await retrieve(op, await twoLeggedToken(op), { device: {} }),
      400,
      'INVALID_ARGUMENT',
      CORRELATOR,
    );
  });

  it('@location_retrieval_C01.02_device_identifiers_not_schema_compliant: 400 INVALID_ARGUMENT for each identifier', async () => {
    const op = await startOperator({ twoLegged: true });
    const token = await twoLeggedToken(op);
    const devices = [
      { phoneNumber: '358401234567' },
      { phoneNumber: '+0358401234567' },
      { ipv4Address: { publicAddress: '300.1.2.3', publicPort: 80 } },
      { ipv4Address: { publicAddress: '84.125.93.10' } },
      { ipv6Address: '2001:db8::zz' },
      { networkAccessIdentifier: 42 },
    ];
    for (const device of devices)
      await expectError(await retrieve(op, token, { device }), 400, 'INVALID_ARGUMENT');
  });

  it('@location_retrieval_C01.03_device_not_found: 404 IDENTIFIER_NOT_FOUND', async () => {
    const op = await startOperator({ twoLegged: true });
    await expectError(
      await retrieve(op, await twoLeggedToken(op), { device: { phoneNumber: '+358409999999' } }),
      404,
      'IDENTIFIER_NOT_FOUND',
    );
  });

  it('@location_retrieval_C01.04_unnecessary_device: 422 UNNECESSARY_IDENTIFIER, for the same device or another', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    for (const phoneNumber of [DEMO_PHONE, '+358501234569']) {
      await expectError(
        await retrieve(op, token, { device: { phoneNumber } }),
        422,
        'UNNECESSARY_IDENTIFIER',
      );
    }
  });

  it('@location_retrieval_C01.05_missing_device: 422 MISSING_IDENTIFIER', async () => {
    const op = await startOperator({ twoLegged: true });
    await expectError(
      await retrieve(op, await twoLeggedToken(op), { maxAge: 60 }),
      422,
      'MISSING_IDENTIFIER',
    );
  });

  it('@location_retrieval_C01.06_unsupported_device: 422 UNSUPPORTED_IDENTIFIER (only phoneNumber is served)', async () => {
    const op = await startOperator({ twoLegged: true });
    const token = await twoLeggedToken(op);
    const devices = [
      { ipv4Address: { publicAddress: '84.125.93.10', publicPort: 59765 } },
      { ipv6Address: '2001:db8:85a3:8d3:1319:8a2e:370:7344' },
      { networkAccessIdentifier: '123456789@domain.com' },
    ];
    for (const device of devices)
      await expectError(await retrieve(op, token, { device }), 422, 'UNSUPPORTED_IDENTIFIER');
  });

  it('@location_retrieval_C01.08_device_identifiers_mismatch: no error (YAML and Commonalities); the phone number is used and named', async () => {
    const op = await startOperator({ twoLegged: true });
    const device = {
      phoneNumber: DEMO_PHONE,
      ipv4Address: { publicAddress: '84.125.93.10', publicPort: 59765 },
    };
    const body = await expectOk(await retrieve(op, await twoLeggedToken(op), { device }));
    expect(body.device).toEqual({ phoneNumber: DEMO_PHONE });
  });
});

describe('location retrieval: 400, 401, 403', () => {
  it('@location_retrieval_400.1_no_request_body: 400 INVALID_ARGUMENT', async () => {
    const op = await startOperator();
    await expectError(
      await retrieve(op, await threeLeggedToken(op), ''),
      400,
      'INVALID_ARGUMENT',
      CORRELATOR,
    );
  });

  it('@location_retrieval_400.2_max_age_schema_compliant: maxAge 6a0 is 400 INVALID_ARGUMENT', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    await expectError(await retrieve(op, token, '{"maxAge": 6a0}'), 400, 'INVALID_ARGUMENT');
    for (const maxAge of ['6a0', -1, 1.5])
      await expectError(await retrieve(op, token, { maxAge }), 400, 'INVALID_ARGUMENT');
    await expectError(await retrieve(op, token, { maxSurface: 0 }), 400, 'INVALID_ARGUMENT');
  });

  it('@location_retrieval_401.1_no_authorization_header: 401 UNAUTHENTICATED', async () => {
    const op = await startOperator();
    await expectError(await retrieve(op, undefined, {}), 401, 'UNAUTHENTICATED', CORRELATOR);
  });

  it('@location_retrieval_401.2_expired_access_token: 401 UNAUTHENTICATED', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 310_000); // past the token's 300 s and the 5 s clock tolerance
    await expectError(await retrieve(op, token, {}), 401, 'UNAUTHENTICATED');
  });

  it('@location_retrieval_401.3_invalid_access_token: 401 UNAUTHENTICATED in JSON, the same for any bad token', async () => {
    const op = await startOperator();
    for (const authorization of [
      'Bearer not-a-token',
      'Basic ZGVtbzpkZW1v',
      'Bearer',
      `Bearer ${'a'.repeat(600)}`,
    ]) {
      await expectError(
        await retrieve(op, undefined, {}, { Authorization: authorization }),
        401,
        'UNAUTHENTICATED',
      );
    }
  });

  it('@location_retrieval_403_missing_scope: 403 PERMISSION_DENIED', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op, {
      scope: 'dpv:FraudPreventionAndDetection location-verification:verify',
    });
    await expectError(await retrieve(op, token, {}), 403, 'PERMISSION_DENIED', CORRELATOR);
  });
});

describe('location retrieval: the network cannot answer (404 and 422 scenarios)', () => {
  it('@location_retrieval_404_unable_to_locate_device: 422 LOCATION_RETRIEVAL.UNABLE_TO_LOCATE (the YAML’s code for it)', async () => {
    const op = await startOperator();
    op.store.registerUser('demo', '358401230000', { standingConsent: true });
    const token = await threeLeggedToken(op, { phone: '+358401230000' });
    await expectError(await retrieve(op, token, {}), 422, 'LOCATION_RETRIEVAL.UNABLE_TO_LOCATE', CORRELATOR);
  });

  it('@location_retrieval_422.1_unable_to_fulfill_max_surface: the area is larger than maxSurface', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    await expectError(
      await retrieve(op, token, { maxSurface: 1_000_000 }),
      422,
      'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_SURFACE',
      CORRELATOR,
    );
    // The demo phone's cell is a circle of 1000 m: π km², just over 3.14 million m².
    await expectOk(await retrieve(op, token, { maxSurface: 3_141_593 }));
  });

  it('@location_retrieval_422.2_unable_to_locate_device_with_required_freshness: the last fix is older than maxAge', async () => {
    const op = await startOperator();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 600_000);
    const token = await threeLeggedToken(op);
    await expectError(
      await retrieve(op, token, { maxAge: 60 }),
      422,
      'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_AGE',
      CORRELATOR,
    );
    await expectError(
      await retrieve(op, token, { maxAge: 0 }),
      422,
      'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_AGE',
    );
    await expectOk(await retrieve(op, token, { maxAge: 3600 }));
  });
});
