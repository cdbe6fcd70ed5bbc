import { expect } from 'vitest';

/* For tests: what the specifications' test definitions check of every answer. */

export const CORRELATOR = 'b4333c46-49c0-4f62-80d7-f0ef930f1c46';

/** RFC 3339 with a time zone (LastLocationTime). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function point(value: unknown): void {
  expect(value).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
  const { latitude, longitude } = value as { latitude: number; longitude: number };
  expect(Math.abs(latitude)).toBeLessThanOrEqual(90);
  expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
}

/** The response body complies with the OAS schema at #/components/schemas/Location (location-retrieval v0.5). */
export function expectLocation(body: Record<string, unknown>): void {
  expect(Object.keys(body).every((key) => ['lastLocationTime', 'area', 'device'].includes(key))).toBe(true);
  expect(body.lastLocationTime).toMatch(RFC3339);
  const area = body.area as Record<string, unknown>;
  if (area.areaType === 'CIRCLE') {
    point(area.center);
    expect(area.radius).toBeGreaterThanOrEqual(1);
  } else {
    expect(area.areaType).toBe('POLYGON');
    const boundary = area.boundary as unknown[];
    expect(boundary.length).toBeGreaterThanOrEqual(3);
    expect(boundary.length).toBeLessThanOrEqual(15);
    boundary.forEach(point);
  }
}

/** The response body complies with #/components/schemas/VerifyLocationResponse (location-verification v3), and
 *  "$.matchRate exists only if $.verificationResult is PARTIAL". */
export function expectVerification(body: Record<string, unknown>): void {
  expect(['TRUE', 'FALSE', 'PARTIAL']).toContain(body.verificationResult);
  expect(body.lastLocationTime).toMatch(RFC3339);
  if (body.verificationResult === 'PARTIAL') {
    expect(Number.isInteger(body.matchRate)).toBe(true);
    expect(body.matchRate).toBeGreaterThanOrEqual(1);
    expect(body.matchRate).toBeLessThanOrEqual(99);
  } else {
    expect(body).not.toHaveProperty('matchRate');
  }
}

/** A 200 in JSON with the x-correlator echoed; its body. */
export async function expectOk(
  response: Response,
  correlator = CORRELATOR,
): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('x-correlator')).toBe(correlator);
  return body;
}

/** An error in the specs' form: the status, the code, a message a person can read; the x-correlator echoed. */
export async function expectError(
  response: Response,
  status: number,
  code: string,
  correlator?: string,
): Promise<void> {
  const body = (await response.json()) as Record<string, unknown>;
  expect({ httpStatus: response.status, ...body }).toEqual({
    httpStatus: status,
    status,
    code,
    message: expect.any(String),
  });
  expect((body.message as string).length).toBeGreaterThan(10);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  if (correlator !== undefined) expect(response.headers.get('x-correlator')).toBe(correlator);
}
