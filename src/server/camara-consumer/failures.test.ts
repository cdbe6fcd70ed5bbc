import { describe, expect, it } from 'vitest';
import { readLocation, readVerification } from './answers';
import { readAcknowledgement, readTokenAnswer } from './ciba';
import { apiFailure, oauthFailure } from './failures';
import type { OperatorReply } from './http';
import { ERROR_CODES, FEATURE_FILE_CODES } from '../../api/device-location';

type Answered = Extract<OperatorReply, { ok: true }>;

function reply(status: number, body: unknown, headers: Record<string, string> = {}): Answered {
  return {
    ok: true,
    status,
    contentType: 'application/json',
    headers,
    retryAfterSeconds: headers['retry-after'] === undefined ? undefined : Number(headers['retry-after']),
    text: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

const errorInfo = (status: number, code: string) => reply(status, { status, code, message: 'words' });

describe('every Device Location error code maps to a reason the app explains', () => {
  const expected: Record<string, string> = {
    INVALID_ARGUMENT: 'request-rejected',
    OUT_OF_RANGE: 'request-rejected',
    UNAUTHENTICATED: 'token',
    PERMISSION_DENIED: 'permission-denied',
    INVALID_TOKEN_CONTEXT: 'permission-denied',
    IDENTIFIER_NOT_FOUND: 'unknown-number',
    NOT_FOUND: 'request-rejected',
    SERVICE_NOT_APPLICABLE: 'not-applicable',
    MISSING_IDENTIFIER: 'request-rejected',
    UNSUPPORTED_IDENTIFIER: 'request-rejected',
    UNNECESSARY_IDENTIFIER: 'request-rejected',
    'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_AGE': 'no-fresh-fix',
    'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_SURFACE': 'area-too-large',
    'LOCATION_RETRIEVAL.UNABLE_TO_LOCATE': 'unable-to-locate',
    'LOCATION_VERIFICATION.AREA_NOT_COVERED': 'area-not-covered',
    'LOCATION_VERIFICATION.INVALID_AREA': 'radius-refused',
    'LOCATION_VERIFICATION.UNABLE_TO_FULFILL_MAX_AGE': 'no-fresh-fix',
    'LOCATION_VERIFICATION.UNABLE_TO_LOCATE': 'unable-to-locate',
    QUOTA_EXCEEDED: 'operator-busy',
    TOO_MANY_REQUESTS: 'operator-busy',
    'LOCATION_RETRIEVAL.DEVICE_NOT_FOUND': 'unable-to-locate',
    IDENTIFIER_MISMATCH: 'request-rejected',
  };
  const codes = [
    ...Object.entries(ERROR_CODES).flatMap(([status, list]) =>
      list.map((code) => [Number(status), code] as const),
    ),
    [404, FEATURE_FILE_CODES[0]] as const,
    [422, FEATURE_FILE_CODES[1]] as const,
  ];

  it('knows every code the YAML, Commonalities and the feature files name', () => {
    expect(codes.map(([, code]) => code).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(codes)('%i %s', (status, code) => {
    const failure = apiFailure(errorInfo(status, code), 'retrieve');
    const reason = 'tokenRejected' in failure ? 'token' : failure.reason;
    expect(reason).toBe(expected[code]);
  });

  it.each([
    [400, 'request-rejected'],
    [401, 'token'],
    [403, 'permission-denied'],
    [404, 'request-rejected'],
    [429, 'operator-busy'],
    [500, 'operator-down'],
    [502, 'operator-down'],
    [503, 'operator-down'],
    [504, 'operator-slow'],
  ])('an answer without ErrorInfo, HTTP %i: %s', (status, reason) => {
    const failure = apiFailure(reply(status, '<html>Bad gateway</html>'), 'retrieve');
    expect('tokenRejected' in failure ? 'token' : failure.reason).toBe(reason);
  });

  it('keeps the wait a busy operator asks for', () => {
    expect(
      apiFailure(
        reply(429, { status: 429, code: 'TOO_MANY_REQUESTS', message: '' }, { 'retry-after': '30' }),
        'verify',
      ),
    ).toMatchObject({
      reason: 'operator-busy',
      retryAfterSeconds: 30,
    });
  });
});

describe('every OAuth and CIBA error maps to a reason', () => {
  it.each([
    [403, 'access_denied', 'refused'],
    [400, 'access_denied', 'refused'],
    [400, 'expired_token', 'expired'],
    [400, 'unknown_user_id', 'unknown-number'],
    [401, 'invalid_client', 'client-rejected'],
    [400, 'unauthorized_client', 'client-rejected'],
    [400, 'invalid_scope', 'scope-rejected'],
    [400, 'invalid_request', 'request-rejected'],
    [400, 'invalid_request_object', 'request-rejected'],
    [400, 'invalid_grant', 'request-rejected'],
    [400, 'unsupported_grant_type', 'request-rejected'],
    [503, 'temporarily_unavailable', 'operator-down'],
    [500, 'server_error', 'operator-down'],
  ])('%i %s: %s', (status, error, reason) => {
    expect(oauthFailure(reply(status, { error }), 'token').reason).toBe(reason);
  });

  it('reads the status when the body is no OAuth error', () => {
    expect(oauthFailure(reply(401, ''), 'token').reason).toBe('client-rejected');
    expect(oauthFailure(reply(403, 'Forbidden'), 'bc-authorize').reason).toBe('refused');
    expect(oauthFailure(reply(502, '<html></html>'), 'token').reason).toBe('operator-down');
  });
});

describe('the acknowledgement and the token answer are read strictly', () => {
  it.each([
    [{ expires_in: 120 }, 'auth_req_id'],
    [{ auth_req_id: 'a b', expires_in: 120 }, 'auth_req_id'],
    [{ auth_req_id: 'x' }, 'expires_in'],
    [{ auth_req_id: 'x', expires_in: 0 }, 'expires_in'],
    [{ auth_req_id: 'x', expires_in: '120' }, 'expires_in'],
    [{ auth_req_id: 'x', expires_in: 120, interval: 0.5 }, 'interval'],
  ])('acknowledgement %o: %s', (body, field) => {
    expect(readAcknowledgement(JSON.stringify(body))).toMatchObject({ ok: false, failure: { field } });
  });

  it('takes 5 s when the acknowledgement names no interval', () => {
    expect(readAcknowledgement('{"auth_req_id":"r1","expires_in":120}')).toEqual({
      ok: true,
      request: { authReqId: 'r1', expiresInSeconds: 120, intervalSeconds: 5 },
    });
  });

  it.each([
    [{ token_type: 'Bearer' }, 'access_token'],
    [{ access_token: 't', token_type: 'DPoP' }, 'token_type'],
    [{ access_token: 't', token_type: 'bearer', expires_in: -1 }, 'expires_in'],
  ])('token %o: %s', (body, field) => {
    expect(readTokenAnswer(JSON.stringify(body), 'location-retrieval:read')).toMatchObject({
      kind: 'failed',
      failure: { field },
    });
  });

  it('refuses a token granted without the API scope', () => {
    const outcome = readTokenAnswer(
      '{"access_token":"t","token_type":"Bearer","scope":"openid"}',
      'location-retrieval:read',
    );
    expect(outcome).toMatchObject({ kind: 'failed', failure: { reason: 'scope-rejected' } });
  });
});

describe('the area and the verification are read strictly', () => {
  const context = { now: Date.parse('2026-05-04T09:00:00Z'), phoneNumber: '+358501000001' };
  const at = '2026-05-04T08:59:00+00:00';
  const locate = (body: unknown) => readLocation(JSON.stringify(body), context);

  it('puts a polygon across 180° centred between its corners', () => {
    const read = locate({
      lastLocationTime: at,
      area: {
        areaType: 'POLYGON',
        boundary: [
          { latitude: -16.5, longitude: 179.9 },
          { latitude: -16.4, longitude: -179.9 },
          { latitude: -16.6, longitude: -179.9 },
        ],
      },
    });
    if (!read.ok) throw new Error('not read');
    expect(Math.abs(read.value.area.center.lon)).toBeGreaterThan(179.9);
    expect(read.value.area.radiusM).toBeLessThan(20_000);
  });

  it.each([
    [
      {
        lastLocationTime: at,
        area: { areaType: 'CIRCLE', center: { latitude: 60, longitude: 25 }, radius: 0.5 },
      },
      'area.radius',
    ],
    [
      {
        lastLocationTime: at,
        area: { areaType: 'CIRCLE', center: { latitude: 60, longitude: 181 }, radius: 9 },
      },
      'area.center.longitude',
    ],
    [{ lastLocationTime: at, area: { areaType: 'CIRCLE', center: [60, 25], radius: 9 } }, 'area.center'],
    [{ lastLocationTime: at }, 'area'],
    [
      {
        lastLocationTime: at,
        area: { areaType: 'POLYGON', boundary: Array(3).fill({ latitude: 60, longitude: 25 }) },
      },
      'area.boundary',
    ],
    [
      {
        lastLocationTime: '2026-02-30T10:00:00Z',
        area: { areaType: 'CIRCLE', center: { latitude: 60, longitude: 25 }, radius: 9 },
      },
      'lastLocationTime',
    ],
    [
      {
        lastLocationTime: 1714813140,
        area: { areaType: 'CIRCLE', center: { latitude: 60, longitude: 25 }, radius: 9 },
      },
      'lastLocationTime',
    ],
  ])('location %o: %s', (body, field) => {
    expect(locate(body)).toMatchObject({ ok: false, failure: { reason: 'operator-malformed', field } });
  });

  it.each([
    [{ verificationResult: 'UNKNOWN', lastLocationTime: at }, 'verificationResult'],
    [{ verificationResult: 'PARTIAL', lastLocationTime: at }, 'matchRate'],
    [{ verificationResult: 'PARTIAL', matchRate: 100, lastLocationTime: at }, 'matchRate'],
    [{ verificationResult: 'PARTIAL', matchRate: 50.5, lastLocationTime: at }, 'matchRate'],
    [{ verificationResult: 'TRUE', matchRate: 50, lastLocationTime: at }, 'matchRate'],
    [{ verificationResult: 'TRUE' }, 'lastLocationTime'],
    [{ verificationResult: true, lastLocationTime: at }, 'verificationResult'],
  ])('verification %o: %s', (body, field) => {
    expect(readVerification(JSON.stringify(body), context)).toMatchObject({ ok: false, failure: { field } });
  });

  it('reads PARTIAL with its rate', () => {
    expect(
      readVerification(
        JSON.stringify({ verificationResult: 'PARTIAL', matchRate: 74, lastLocationTime: at }),
        context,
      ),
    ).toEqual({
      ok: true,
      value: { result: 'PARTIAL', matchRate: 74, lastLocationTime: Date.parse(at) },
    });
  });
});
