import { describe, expect, it } from 'vitest';
import {
  startOperator,
  threeLeggedToken,
  twoLeggedToken,
  type RunningOperator,
} from '../../testing/camara-operator';
import { CORRELATOR, expectError } from '../../testing/camara-spec-checks';
import { GEOFENCING_SCOPES } from '../../oidc/scopes';
import { AREA_ENTERED, AREA_LEFT } from './subscriptions';

/*
 * geofencing-subscriptions.feature of DeviceLocation r3.2 (v0.5.0): the API's scenarios, each test named by its
 * tag. Not here: _02 (async creation: this operator creates at once, 201), C01.07 (SERVICE_NOT_APPLICABLE: every
 * subscriber is served), C01.08 (IDENTIFIER_MISMATCH: only phone numbers are resolved). The events' scenarios
 * (_03, _08 to _13) are in engine.test.ts.
 */

const PATH = '/geofencing-subscriptions/v0.5/subscriptions';
const DEMO_PHONE = '+358401234567';
const KAMPPI = { latitude: 60.1689, longitude: 24.9317 };
const ALL = `dpv:FraudPreventionAndDetection ${Object.values(GEOFENCING_SCOPES).join(' ')}`;

export function subscriptionBody(
  overrides: Record<string, unknown> = {},
  config: Record<string, unknown> = {},
) {
  return {
    protocol: 'HTTP',
    sink: 'https://consumer.example/sink',
    sinkCredential: {
      credentialType: 'ACCESSTOKEN',
      accessToken: 'sink-token-1',
      accessTokenExpiresUtc: new Date(Date.now() + 86_400_000).toISOString(),
      accessTokenType: 'bearer',
    },
    types: [AREA_LEFT],
    config: {
      subscriptionDetail: { area: { areaType: 'CIRCLE', center: KAMPPI, radius: 2000 } },
      ...config,
    },
    ...overrides,
  };
}

function call(op: RunningOperator, method: string, token: string | undefined, path = PATH, body?: unknown) {
  return fetch(`${op.address}/camara${path}`, {
    method,
    headers: {
      'x-correlator': CORRELATOR,
      ...(token !== undefined && { Authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

const create = (op: RunningOperator, token: string | undefined, body: unknown) =>
  call(op, 'POST', token, PATH, body);

function expectSubscription(body: Record<string, unknown>): void {
  expect(body).toMatchObject({ protocol: 'HTTP', types: [expect.any(String)], status: 'ACTIVE' });
  expect(body.id).toEqual(expect.any(String));
  expect(body.startsAt).toMatch(/Z$/);
  expect(body).not.toHaveProperty('sinkCredential');
  expect((body.config as Record<string, unknown>).subscriptionDetail).toMatchObject({
    area: { areaType: 'CIRCLE', center: expect.any(Object), radius: expect.any(Number) },
  });
}

describe('geofencing subscriptions: success scenarios', () => {
  it('@geofencing_subscriptions_01_create_subscription_sync: 201, the Subscription, x-correlator echoed', async () => {
    const op = await startOperator();
    const expire = new Date(Date.now() + 3_600_000).toISOString();
    const response = await create(
      op,
      await threeLeggedToken(op, { scope: ALL }),
      subscriptionBody({}, { subscriptionExpireTime: expire, subscriptionMaxEvents: 5, initialEvent: false }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-correlator')).toBe(CORRELATOR);
    const body = (await response.json()) as Record<string, unknown>;
    expectSubscription(body);
    expect(body).toMatchObject({
      sink: 'https://consumer.example/sink',
      types: [AREA_LEFT],
      expiresAt: expire,
      config: { subscriptionExpireTime: expire, subscriptionMaxEvents: 5, initialEvent: false },
    });
    expect((body.config as { subscriptionDetail: object }).subscriptionDetail).not.toHaveProperty('device');
  });

  it('@geofencing_subscriptions_04/05/06/07: list (empty, then one), read one, delete (204), then 404', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op, { scope: ALL });
    const empty = await call(op, 'GET', token);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('x-correlator')).toBe(CORRELATOR);
    expect(await empty.json()).toEqual([]);
    const made = (await (await create(op, token, subscriptionBody())).json()) as { id: string };
    const list = (await (await call(op, 'GET', token)).json()) as Array<Record<string, unknown>>;
    expect(list.map((item) => item.id)).toEqual([made.id]);
    list.forEach(expectSubscription);
    const one = await call(op, 'GET', token, `${PATH}/${made.id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('x-correlator')).toBe(CORRELATOR);
    expect(await one.json()).toEqual(list[0]);
    const deleted = await call(op, 'DELETE', token, `${PATH}/${made.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('x-correlator')).toBe(CORRELATOR);
    expect(await deleted.text()).toBe('');
    await expectError(await call(op, 'GET', token, `${PATH}/${made.id}`), 404, 'NOT_FOUND', CORRELATOR);
    expect(await (await call(op, 'GET', token)).json()).toEqual([]);
  });

  it('a two-legged token names the device, which answers echo; one consumer never sees another’s', async () => {
    const op = await startOperator({ twoLegged: true });
    const token = await twoLeggedToken(op, { scope: ALL });
    const body = subscriptionBody({ types: [AREA_ENTERED] });
    body.config.subscriptionDetail = {
      ...body.config.subscriptionDetail,
      device: { phoneNumber: DEMO_PHONE },
    } as never;
    const response = await create(op, token, body);
    expect(response.status).toBe(201);
    const made = (await response.json()) as { id: string; config: { subscriptionDetail: object } };
    expect(made.config.subscriptionDetail).toMatchObject({ device: { phoneNumber: DEMO_PHONE } });
    const other = await op.addClient('other-app');
    const otherToken = await threeLeggedToken(op, { scope: ALL, client: other });
    await expectError(await call(op, 'GET', otherToken, `${PATH}/${made.id}`), 404, 'NOT_FOUND');
    await expectError(await call(op, 'DELETE', otherToken, `${PATH}/${made.id}`), 404, 'NOT_FOUND');
    expect(await (await call(op, 'GET', otherToken)).json()).toEqual([]);
  });
});

describe('geofencing subscriptions: the device', () => {
  it('@geofencing_subscriptions_C01.01/C01.02: an empty or malformed device is INVALID_ARGUMENT', async () => {
    const op = await startOperator({ twoLegged: true });
    const token = await twoLeggedToken(op, { scope: ALL });
    for (const device of [{}, { phoneNumber: '358401234567' }, { ipv4Address: { publicAddress: 'x' } }]) {
      const body = subscriptionBody();
      body.config.subscriptionDetail = { ...body.config.subscriptionDetail, device } as never;
      await expectError(await create(op, token, body), 400, 'INVALID_ARGUMENT', CORRELATOR);
    }
  });

  it('@geofencing_subscriptions_C01.03/C01.05/C01.06: not found, missing, unsupported', async () => {
    const op = await startOperator({ twoLegged: true });
    const token = await twoLeggedToken(op, { scope: ALL });
    const withDevice = (device: object) => {
      const body = subscriptionBody();
      body.config.subscriptionDetail = { ...body.config.subscriptionDetail, device } as never;
      return body;
    };
    await expectError(
      await create(op, token, withDevice({ phoneNumber: '+358409999999' })),
      404,
      'IDENTIFIER_NOT_FOUND',
    );
    await expectError(await create(op, token, subscriptionBody()), 422, 'MISSING_IDENTIFIER');
    await expectError(
      await create(op, token, withDevice({ networkAccessIdentifier: 'a@b.example' })),
      422,
      'UNSUPPORTED_IDENTIFIER',
    );
  });

  it('@geofencing_subscriptions_C01.04_unnecessary_device: a three-legged token and a device', async () => {
    const op = await startOperator();
    const body = subscriptionBody();
    body.config.subscriptionDetail = {
      ...body.config.subscriptionDetail,
      device: { phoneNumber: DEMO_PHONE },
    } as never;
    await expectError(
      await create(op, await threeLeggedToken(op, { scope: ALL }), body),
      422,
      'UNNECESSARY_IDENTIFIER',
    );
  });
});

describe('geofencing subscriptions: 400', () => {
  it('@geofencing_subscriptions_400.1/400.2/400.3: schema, expiry in the past, an invalid type', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op, { scope: ALL });
    const past = new Date(Date.now() - 1000).toISOString();
    for (const body of [
      {},
      subscriptionBody({ types: ['org.camaraproject.geofencing-subscriptions.v0.area-crossed'] }),
      subscriptionBody({ types: [] }),
      subscriptionBody({}, { subscriptionExpireTime: past }),
      subscriptionBody({}, { subscriptionExpireTime: '2030-01-01T00:00:00' }),
      subscriptionBody({}, { subscriptionMaxEvents: 0 }),
      subscriptionBody({}, { initialEvent: 'yes' }),
      subscriptionBody({ config: { subscriptionDetail: { area: { areaType: 'POLYGON' } } } }),
      subscriptionBody({ config: {} }),
    ]) {
      await expectError(await create(op, token, body), 400, 'INVALID_ARGUMENT', CORRELATOR);
    }
  });

  it('@geofencing_subscriptions_400.4/400.5/400.6/400.7: protocol, credential, token type, sink', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op, { scope: ALL });
    const credential = subscriptionBody().sinkCredential;
    await expectError(
      await create(op, token, subscriptionBody({ protocol: 'MQTT3' })),
      400,
      'INVALID_PROTOCOL',
    );
    await expectError(
      await create(
        op,
        token,
        subscriptionBody({ sinkCredential: { ...credential, credentialType: 'PLAIN' } }),
      ),
      400,
      'INVALID_CREDENTIAL',
    );
    await expectError(
      await create(
        op,
        token,
        subscriptionBody({ sinkCredential: { ...credential, accessTokenType: 'mac' } }),
      ),
      400,
      'INVALID_TOKEN',
    );
    for (const sink of [
      'http://consumer.example/sink',
      'ftp://consumer.example/',
      'not a url',
      'https://user:pw@consumer.example/',
      'https://10.0.0.5/sink',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/sink',
    ]) {
      await expectError(await create(op, token, subscriptionBody({ sink })), 400, 'INVALID_SINK');
    }
    for (const sink of ['http://127.0.0.1:9/sink', 'http://localhost:9/sink', 'http://[::1]:9/sink']) {
      expect((await create(op, token, subscriptionBody({ sink }))).status).toBe(201);
    }
  });

  it('@geofencing_subscriptions_400.8/400.9/400.10/401.x: no, an invalid or a malformed token: 401', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op, { scope: ALL });
    const made = (await (await create(op, token, subscriptionBody())).json()) as { id: string };
    for (const bad of [undefined, 'not-a-token', 'x'.repeat(600)]) {
      await expectError(await create(op, bad, subscriptionBody()), 401, 'UNAUTHENTICATED', CORRELATOR);
      await expectError(await call(op, 'DELETE', bad, `${PATH}/${made.id}`), 401, 'UNAUTHENTICATED');
      await expectError(await call(op, 'GET', bad, `${PATH}/${made.id}`), 401, 'UNAUTHENTICATED');
    }
  });
});

describe('geofencing subscriptions: 403, 404, 422', () => {
  it('403 PERMISSION_DENIED without the scope an operation names', async () => {
    const op = await startOperator();
    const leftOnly = await threeLeggedToken(op, {
      scope: `dpv:FraudPreventionAndDetection ${GEOFENCING_SCOPES.createLeft}`,
    });
    expect((await create(op, leftOnly, subscriptionBody())).status).toBe(201);
    await expectError(
      await create(op, leftOnly, subscriptionBody({ types: [AREA_ENTERED] })),
      403,
      'PERMISSION_DENIED',
    );
    await expectError(await call(op, 'GET', leftOnly), 403, 'PERMISSION_DENIED');
    const location = await threeLeggedToken(op);
    await expectError(await create(op, location, subscriptionBody()), 403, 'PERMISSION_DENIED');
  });

  it('@geofencing_subscriptions_404.1/404.2: an unknown subscription id', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op, { scope: ALL });
    await expectError(await call(op, 'GET', token, `${PATH}/no-such-id`), 404, 'NOT_FOUND', CORRELATOR);
    await expectError(await call(op, 'DELETE', token, `${PATH}/no-such-id`), 404, 'NOT_FOUND', CORRELATOR);
  });

  it('@geofencing_subscriptions_422.1/422.2/422.3: not covered, too small, two event types', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op, { scope: ALL });
    const area = (center: object, radius: number) =>
      subscriptionBody({}, { subscriptionDetail: { area: { areaType: 'CIRCLE', center, radius } } });
    const uncovered = await create(op, token, area({ latitude: -45, longitude: -150 }, 5000));
    const uncoveredBody = (await uncovered.clone().json()) as { message: string };
    expect(uncoveredBody.message).toContain('Unable to cover the requested area');
    await expectError(uncovered, 422, 'GEOFENCING_SUBSCRIPTIONS.AREA_NOT_COVERED');
    const small = await create(op, token, area(KAMPPI, 50));
    expect(((await small.clone().json()) as { message: string }).message).toContain(
      'The requested area is too small',
    );
    await expectError(small, 422, 'GEOFENCING_SUBSCRIPTIONS.INVALID_AREA');
    await expectError(
      await create(op, token, subscriptionBody({ types: [AREA_ENTERED, AREA_LEFT] })),
      422,
      'MULTIEVENT_SUBSCRIPTION_NOT_SUPPORTED',
    );
  });

  it('answers other methods 405 with Allow', async () => {
    const op = await startOperator();
    const response = await call(op, 'PUT', await threeLeggedToken(op, { scope: ALL }));
    expect(response.headers.get('allow')).toBe('GET, POST');
    await expectError(response, 405, 'METHOD_NOT_ALLOWED');
  });
});
