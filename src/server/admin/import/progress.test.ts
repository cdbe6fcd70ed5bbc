import { describe, expect, it } from 'vitest';
import { createProgress, describeProgress, formatDuration } from './progress';

describe('progress', () => {
  it('estimates time left from the bytes read', () => {
    const { fraction, text } = describeProgress({ rows: 500_000, bytesRead: 25, totalBytes: 100 }, 10_000);
    expect(fraction).toBe(0.25);
    expect(text).toContain('25.0%');
    expect(text).toContain('500,000 rows');
    expect(text).toContain('50,000 rows/s');
    expect(text).toContain('00:30 left');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(Infinity)).toBe('--:--');
  });

  it('redraws a bar on a terminal and ends its line', () => {
    let now = 0;
    const out: string[] = [];
    const bar = createProgress({ write: (t) => out.push(t), isTTY: true, now: () => now, width: 10 });
    now = 100;
    bar.update({ rows: 1, bytesRead: 1, totalBytes: 2 });
    now = 300;
    bar.update({ rows: 2, bytesRead: 1, totalBytes: 2 });
    bar.finish({ rows: 4, bytesRead: 2, totalBytes: 2 });
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(/^\r\[#####-----\] +50\.0%/);
    expect(out[1]).toMatch(/^\r\[##########\] 100\.0% {2}4 rows/);
    expect(out[2]).toBe('\n');
  });

  it('prints a plain line every 10 s elsewhere', () => {
    let now = 0;
    const out: string[] = [];
    const lines = createProgress({ write: (t) => out.push(t), isTTY: false, now: () => now });
    for (now = 0; now <= 25_000; now += 1000) lines.update({ rows: now, bytesRead: now, totalBytes: 50_000 });
    lines.finish({ rows: 1, bytesRead: 1, totalBytes: 1 });
    expect(out).toHaveLength(2);
    expect(out.every((line) => line.endsWith('left\n') && !line.includes('\r'))).toBe(true);
  });
});
