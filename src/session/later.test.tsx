// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inSlices, Later, nextTask } from './later';

/** The browser's frames by hand, as in after-paint.test.ts: paint() runs one frame and the idle time after it. */
function fakeFrames() {
  let frames: Array<() => void> = [];
  let idles: Array<() => void> = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idles.push(callback));
  return {
    paint() {
      const due = frames;
      frames = [];
      act(() => due.forEach((callback) => callback()));
      const idle = idles;
      idles = [];
      act(() => idle.forEach((callback) => callback()));
    },
  };
}

describe('nextTask and inSlices', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('nextTask runs the work in a task of its own, unless cancelled first', () => {
    const done: string[] = [];
    nextTask(() => done.push('kept'));
    const cancel = nextTask(() => done.push('cancelled'));
    cancel();
    expect(done).toEqual([]);
    vi.runAllTimers();
    expect(done).toEqual(['kept']);
  });

  it('takes every item in order, a slice per task, then says it is done', () => {
    const taken: number[] = [];
    const done = vi.fn();
    // No time for more than one item a slice: each item in a task of its own.
    inSlices([1, 2, 3], (item) => taken.push(item), done, 0);
    expect(taken).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(taken).toEqual([1]);
    vi.advanceTimersToNextTimer();
    expect(taken).toEqual([1, 2]);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(taken).toEqual([1, 2, 3]);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('with time enough, a slice takes several items; a cancel stops between slices', () => {
    const taken: number[] = [];
    const stop = inSlices([1, 2, 3, 4], (item) => taken.push(item), undefined, 60_000);
    vi.advanceTimersToNextTimer();
    expect(taken).toEqual([1, 2, 3, 4]);
    const more: number[] = [];
    const cancel = inSlices([5, 6], (item) => more.push(item), undefined, 0);
    vi.advanceTimersToNextTimer();
    cancel();
    vi.runAllTimers();
    expect(more).toEqual([5]);
    stop();
  });
});

describe('Later', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows its fallback, then its children once a frame has been painted', () => {
    const browser = fakeFrames();
    render(
      <Later fallback={<p>Loading the map…</p>}>
        <p>The map</p>
      </Later>,
    );
    expect(screen.getByText('Loading the map…')).toBeTruthy();
    expect(screen.queryByText('The map')).toBeNull();
    browser.paint();
    act(() => vi.runAllTimers());
    expect(screen.getByText('The map')).toBeTruthy();
    expect(screen.queryByText('Loading the map…')).toBeNull();
  });

  it('nested, each level comes a frame after the one around it, and all of them come', () => {
    const browser = fakeFrames();
    render(
      <Later>
        <p>map</p>
        <Later>
          <p>tiles</p>
          <Later>
            <p>markers</p>
          </Later>
        </Later>
      </Later>,
    );
    const shown = () => ['map', 'tiles', 'markers'].filter((text) => screen.queryByText(text) !== null);
    expect(shown()).toEqual([]);
    browser.paint();
    expect(shown()).toEqual(['map']);
    browser.paint();
    expect(shown()).toEqual(['map', 'tiles']);
    browser.paint();
    expect(shown()).toEqual(['map', 'tiles', 'markers']);
  });

  it('in a tab that paints no frames, the children still come', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    render(
      <Later fallback={<p>wait</p>}>
        <p>here</p>
      </Later>,
    );
    act(() => vi.runAllTimers());
    expect(screen.getByText('here')).toBeTruthy();
  });
});
