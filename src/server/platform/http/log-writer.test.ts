import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogWriter } from './log-writer';

afterEach(() => vi.useRealTimers());

describe('the log writer', () => {
  it('writes each line once, in order, after its time, in batches that never split a line', () => {
    const written: Buffer[] = [];
    let clock = Date.UTC(2026, 10, 25, 12, 0, 0, 0);
    const writer = createLogWriter(
      (bytes) => written.push(bytes),
      () => clock++,
      256,
    );
    const lines = Array.from({ length: 40 }, (_, i) => `GET /api/cell/244/91/${i} 200 0.${i % 10}ms`);
    lines.push('GET /cell/Brändö/中文 404 0.1ms');
    for (const line of lines) writer.log(line);
    writer.flush();
    expect(written.length).toBeGreaterThan(1);
    for (const batch of written) {
      expect(batch.length).toBeLessThanOrEqual(256);
      expect(batch.toString('utf8').endsWith('\n')).toBe(true);
    }
    const out = Buffer.concat(written).toString('utf8').split('\n');
    expect(out.pop()).toBe('');
    expect(out).toEqual(
      lines.map((line, i) => `${new Date(Date.UTC(2026, 10, 25, 12, 0, 0, i)).toISOString()} ${line}`),
    );
  });

  it('writes a line longer than a batch on its own, after what came before it', () => {
    const written: string[] = [];
    const writer = createLogWriter(
      (bytes) => written.push(bytes.toString('utf8')),
      () => 0,
      128,
    );
    writer.log('short');
    const long = `error GET /: ${'é'.repeat(100)}`;
    writer.log(long);
    writer.flush();
    expect(written).toEqual([`1970-01-01T00:00:00.000Z short\n`, `1970-01-01T00:00:00.000Z ${long}\n`]);
  });

  it('writes what it has gathered a moment later without being asked', async () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const writer = createLogWriter(
      (bytes) => written.push(bytes.toString('utf8')),
      () => 0,
    );
    writer.log('one');
    writer.log('two');
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(60);
    expect(written).toEqual(['1970-01-01T00:00:00.000Z one\n1970-01-01T00:00:00.000Z two\n']);
  });
});
