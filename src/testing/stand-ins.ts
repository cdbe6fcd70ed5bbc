import { vi } from 'vitest';
import type { Client } from '../api/client';
import type { RawResponse } from '../api/errors';

/** A client for tests of query options, whose reads are not meant to run: each method a bare vi.fn(). */
export const idleClient = (): Client => ({
  getLocation: vi.fn(),
  getCell: vi.fn(),
  getCellsInView: vi.fn(),
  getSettings: vi.fn(),
  askCamara: vi.fn(),
  getCamara: vi.fn(),
  cancelCamara: vi.fn(),
  getWatches: vi.fn(),
  startWatch: vi.fn(),
  stopWatch: vi.fn(),
});

/** Keys whose text a test can look for where they must never be (a query key, say). */
export const SECRET_KEYS = { serviceKey: 'svc-secret', userKey: 'usr-secret' };

/** The raw view of a stand-in's answer: nothing came over a wire. */
export const NO_RAW: RawResponse = {
  url: '',
  status: 200,
  contentType: 'application/json',
  body: '',
  truncated: false,
  durationMs: 0,
};
