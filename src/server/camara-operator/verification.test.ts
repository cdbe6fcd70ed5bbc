import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  startOperator,
  threeLeggedToken,
  twoLeggedToken,
  type RunningOperator,
} from '../testing/camara-operator';
import { CORRELATOR, expectError, expectOk, expectVerification } from '../testing/camara-spec-checks';

/*
 * location-verification.feature of DeviceLocation r3.2 (v3.0.0), scenario by scenario; each test is named by the
 * scenario's tag. Not here: @location_verification_C01.07_device_not_supported (SERVICE_NOT_APPLICABLE): this
 * operator offers Device Location to every subscriber, so no device is one the service does not apply to.
 */

const PATH = '/location-verification/v3/verify';
const DEMO_PHONE = '+358401234567';
/** The demo phone's cell (Helsinki Kamppi, no range known: a 1000 m circle). */
const KAMPPI = { latitude: 60.1689, longitude: 24.9317 };
const TAMPERE = { latitude: 61.4978, longitude: 23.761 };
const circle = (center: { latitude: number; longitude: number }, radius: number) => ({
  areaType: 'CIRCLE',
  center,
  radius,
});

afterEach(() => vi.useRealTimers());

function verify(
  op: RunningOperator,
  token: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return op.api(PATH, token, body, { 'x-correlator': CORRELATOR, ...headers });
}

describe('location verification: success scenarios', () => {
  it('@location_verification_01_generic_success_scenario: the device from the token, or in the body', async () => {
    const op = await startOperator({ twoLegged: true });
    expectVerification(
      await expectOk(await verify(op, await threeLeggedToken(op), { area: circle(KAMPPI, 5000) })),
    );
    const byBody = await expectOk(
      await verify(op, await twoLeggedToken(op), {
        device: { phoneNumber: DEMO_PHONE },
        area: circle(KAMPPI, 5000),
      }),
    );
    expectVerification(byBody);
    expect(byBody.device).toEqual({ phoneNumber: DEMO_PHONE });
  });

  it('@location_verification_02_known_location_for_device_no_maxAge: TRUE or PARTIAL where the device is', async () => {
    const op = await startOperator();
    const body = await expectOk(await verify(op, await threeLeggedToken(op), { area: circle(KAMPPI, 2000) }));
    expectVerification(body);
    expect(body).toMatchObject({ verificationResult: 'TRUE', lastLocationTime: expect.any(String) });
  });

  it('@location_verification_03_known_location_for_device_with_maxAge: lastLocationTime not older than maxAge', async () => {
    const op = await startOperator();
    const asked = Date.now();
    const body = await expectOk(
      await verify(op, await threeLeggedToken(op), { area: circle(KAMPPI, 1000), maxAge: 120 }),
    );
    expectVerification(body);
    // The very circle the network places the phone in: "fully contained", so TRUE.
    expect(body.verificationResult).toBe('TRUE');
    expect(asked - Date.parse(body.lastLocationTime as string)).toBeLessThanOrEqual(120_000);
  });

  it('@location_verification_04_false_location_for_device: FALSE, without matchRate', async () => {
    const op = await startOperator();
    const body = await expectOk(
      await verify(op, await threeLeggedToken(op), { area: circle(TAMPERE, 10_000) }),
    );
    expectVerification(body);
    expect(body.verificationResult).toBe('FALSE');
    expect(body).not.toHaveProperty('matchRate');
  });

  it('PARTIAL: matchRate is the share of the network’s area inside the requested one', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    // 1500 m north of the cell, 1000 m wide: the lens 2r²·acos(d/2r) − (d/2)·√(4r² − d²) is 14.4 % of πr².
    const north = { latitude: KAMPPI.latitude + 1500 / 111_195, longitude: KAMPPI.longitude };
    const body = await expectOk(await verify(op, token, { area: circle(north, 1000) }));
    expect(body).toMatchObject({ verificationResult: 'PARTIAL', matchRate: 14 });
  });
});

describe('location verification: the device identifier (C01, C02)', () => {
  it('@location_verification_C01.01_device_empty: 400 INVALID_ARGUMENT', async () => {
    const op = await startOperator({ twoLegged: true });
    await expectError(
      await verify(op, await twoLeggedToken(op), { device: {}, area: circle(KAMPPI, 5000) }),
      400,
      'INVALID_ARGUMENT',
      CORRELATOR,
    );
  });

  it('@location_verification_C01.02_device_identifiers_not_schema_compliant: 400 INVALID_ARGUMENT for each identifier', async () => {
    const op = await startOperator({ twoLegged: true });
    const token = await twoLeggedToken(op);
    const devices = [
      { phoneNumber: '+35840123456789012' },
      { ipv4Address: { publicAddress: '84.125.93' } },
      { ipv6Address: 'fe80:::1' },
      { networkAccessIdentifier: ['x'] },
    ];
    for (const device of devices)
      await expectError(
        await verify(op, token, { device, area: circle(KAMPPI, 5000) }),
        400,
        'INVALID_ARGUMENT',
      );
  });

  it('@location_verification_C01.03_device_not_found: 404 IDENTIFIER_NOT_FOUND', async () => {
    const op = await startOperator({ twoLegged: true });
    const body = { device: { phoneNumber: '+358409999999' }, area: circle(KAMPPI, 5000) };
    await expectError(await verify(op, await twoLeggedToken(op), body), 404, 'IDENTIFIER_NOT_FOUND');
  });

  it('@location_verification_C02.04_unnecessary_device: 422 UNNECESSARY_IDENTIFIER', async () => {
    const op = await startOperator();
    const body = { device: { phoneNumber: DEMO_PHONE }, area: circle(KAMPPI, 5000) };
    await expectError(await verify(op, await threeLeggedToken(op), body), 422, 'UNNECESSARY_IDENTIFIER');
  });

  it('@location_verification_C01.05_missing_device: 422 MISSING_IDENTIFIER', async () => {
    const op = await startOperator({ twoLegged: true });
    await expectError(
      await verify(op, await twoLeggedToken(op), { area: circle(KAMPPI, 5000) }),
      422,
      'MISSING_IDENTIFIER',
    );
  });

  it('@location_verification_C01.06_unsupported_device: 422 UNSUPPORTED_IDENTIFIER', async () => {
    const op = await startOperator({ twoLegged: true });
    const body = {
      device: { ipv4Address: { publicAddress: '84.125.93.10', privateAddress: '10.0.0.1' } },
      area: circle(KAMPPI, 5000),
    };
    await expectError(await verify(op, await twoLeggedToken(op), body), 422, 'UNSUPPORTED_IDENTIFIER');
  });
});

describe('location verification: 400, 401, 403', () => {
  it('@location_verification_400.1_no_request_body: 400 INVALID_ARGUMENT', async () => {
    const op = await startOperator();
    await expectError(await verify(op, await threeLeggedToken(op), ''), 400, 'INVALID_ARGUMENT', CORRELATOR);
  });

  it('@location_verification_400.2_empty_request_body: 400 INVALID_ARGUMENT', async () => {
    const op = await startOperator();
    await expectError(await verify(op, await threeLeggedToken(op), {}), 400, 'INVALID_ARGUMENT');
  });

  it('@location_verification_400.3_other_input_properties_schema_not_compliant: 400 INVALID_ARGUMENT for each', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    const bodies = [
      { area: { ...circle(KAMPPI, 5000), areaType: 'POLYGON' } },
      { area: circle({ latitude: 91, longitude: 24.9 }, 5000) },
      { area: circle({ latitude: 60.1, longitude: -180.5 }, 5000) },
      { area: circle(KAMPPI, 0) },
      { area: { ...circle(KAMPPI, 5000), radius: '5000' } },
      { area: circle(KAMPPI, 5000), maxAge: '6a0' },
    ];
    for (const body of bodies) await expectError(await verify(op, token, body), 400, 'INVALID_ARGUMENT');
  });

  it('@location_verification_400.4_required_input_properties_missing: 400 INVALID_ARGUMENT for each', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    const bodies = [
      { maxAge: 60 },
      { area: { center: KAMPPI, radius: 5000 } },
      { area: { areaType: 'CIRCLE', radius: 5000 } },
      { area: { areaType: 'CIRCLE', center: { longitude: 24.9 }, radius: 5000 } },
      { area: { areaType: 'CIRCLE', center: { latitude: 60.1 }, radius: 5000 } },
      { area: { areaType: 'CIRCLE', center: KAMPPI } },
    ];
    for (const body of bodies) await expectError(await verify(op, token, body), 400, 'INVALID_ARGUMENT');
  });

  it('@location_verification_401.1_no_authorization_header: 401 UNAUTHENTICATED', async () => {
    const op = await startOperator();
    await expectError(
      await verify(op, undefined, { area: circle(KAMPPI, 5000) }),
      401,
      'UNAUTHENTICATED',
      CORRELATOR,
    );
  });

  it('@location_verification_401.2_expired_access_token: 401 UNAUTHENTICATED', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 310_000); // past the token's 300 s and the 5 s clock tolerance
    await expectError(await verify(op, token, { area: circle(KAMPPI, 5000) }), 401, 'UNAUTHENTICATED');
  });

  it('@location_verification_401.3_invalid_access_token: 401 UNAUTHENTICATED in JSON', async () => {
    const op = await startOperator();
    await expectError(
      await verify(op, 'forged-token-value', { area: circle(KAMPPI, 5000) }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('@location_verification_403_missing_scope: 403 PERMISSION_DENIED', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op, {
      scope: 'dpv:FraudPreventionAndDetection location-retrieval:read',
    });
    await expectError(
      await verify(op, token, { area: circle(KAMPPI, 5000) }),
      403,
      'PERMISSION_DENIED',
      CORRELATOR,
    );
  });
});

describe('location verification: 422 scenarios', () => {
  it('@location_verification_422.1_area_not_covered: no cell of the network near the area', async () => {
    const op = await startOperator();
    const atlantic = circle({ latitude: 40, longitude: -30 }, 5000);
    await expectError(
      await verify(op, await threeLeggedToken(op), { area: atlantic }),
      422,
      'LOCATION_VERIFICATION.AREA_NOT_COVERED',
      CORRELATOR,
    );
  });

  it('@location_verification_422.2_area_too_small: the radius is under the 1000 m minimum (or over 200 km)', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    await expectError(
      await verify(op, token, { area: circle(KAMPPI, 999) }),
      422,
      'LOCATION_VERIFICATION.INVALID_AREA',
      CORRELATOR,
    );
    await expectError(
      await verify(op, token, { area: circle(KAMPPI, 200_001) }),
      422,
      'LOCATION_VERIFICATION.INVALID_AREA',
    );
    await expectOk(await verify(op, token, { area: circle(KAMPPI, 1000) }));
  });

  it('@location_verification_422.3_unable_to_fulfill_max_age: the last fix is older than maxAge', async () => {
    const op = await startOperator();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 600_000);
    const token = await threeLeggedToken(op);
    const area = circle(KAMPPI, 5000);
    await expectError(
      await verify(op, token, { area, maxAge: 60 }),
      422,
      'LOCATION_VERIFICATION.UNABLE_TO_FULFILL_MAX_AGE',
      CORRELATOR,
    );
    await expectOk(await verify(op, token, { area, maxAge: 3600 }));
  });

  it('@location_verification_422.4_unknown_location_for_device: UNABLE_TO_LOCATE without maxAge, UNABLE_TO_FULFILL_MAX_AGE with it', async () => {
    const op = await startOperator();
    op.store.registerUser('demo', '358401230000', { standingConsent: true });
    const token = await threeLeggedToken(op, { phone: '+358401230000' });
    const area = circle(KAMPPI, 5000);
    await expectError(
      await verify(op, token, { area }),
      422,
      'LOCATION_VERIFICATION.UNABLE_TO_LOCATE',
      CORRELATOR,
    );
    await expectError(
      await verify(op, token, { area, maxAge: 60 }),
      422,
      'LOCATION_VERIFICATION.UNABLE_TO_FULFILL_MAX_AGE',
    );
  });
});
