import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFrames } from '../testing/fake-frames';

describe('afterNextPaint', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs the work after the next frame, in the idle time after it, in the order asked', async () => {
    const browser = fakeFrames();
    const { afterNextPaint } = await import('./after-paint');
    const done: string[] = [];
    afterNextPaint(() => done.push('map'));
    afterNextPaint(() => done.push('history'));
    expect(done).toEqual([]);
    browser.frame();
    expect(done).toEqual([]);
    browser.idle();
    expect(done).toEqual(['map', 'history']);
    // The fallback for a tab without frames does not run them a second time.
    vi.advanceTimersByTime(1000);
    expect(done).toEqual(['map', 'history']);
  });

  it('work asked for once a frame has begun waits for the frame after it', async () => {
    const browser = fakeFrames();
    const { afterNextPaint } = await import('./after-paint');
    const done: string[] = [];
    afterNextPaint(() => done.push('first'));
    browser.frame();
    afterNextPaint(() => done.push('second'));
    browser.idle();
    expect(done).toEqual(['first']);
    browser.frame();
    browser.idle();
    expect(done).toEqual(['first', 'second']);
  });

  it('cancelled work never runs', async () => {
    const browser = fakeFrames();
    const { afterNextPaint } = await import('./after-paint');
    const done: string[] = [];
    const cancel = afterNextPaint(() => done.push('cancelled'));
    afterNextPaint(() => done.push('kept'));
    cancel();
    browser.frame();
    browser.idle();
    expect(done).toEqual(['kept']);
  });

  it('a tab that paints no frames (in the background) still runs the work, 100 ms on', async () => {
    fakeFrames();
    const { afterNextPaint } = await import('./after-paint');
    const done: string[] = [];
    afterNextPaint(() => done.push('title'));
    vi.advanceTimersByTime(99);
    expect(done).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(done).toEqual(['title']);
  });
});
