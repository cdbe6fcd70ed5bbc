// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFrames } from '../testing/fake-frames';
import { afterFirstContentfulPaint, FIRST_PAINT_WAIT_MS, inSlices, Later, nextTask } from './later';

/** The browser's frames by hand (fake-frames.ts): paint() runs one frame and the idle time after it. */
function fakePaints() {
  const frames = fakeFrames();
  return {
    paint() {
      act(() => frames.frame());
      act(() => frames.idle());
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
    const browser = fakePaints();
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
    const browser = fakePaints();
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

/** A PerformanceObserver for paint entries by hand: paint(name) delivers one entry to the observers. */
function fakePaintTiming() {
  const observers: Array<(names: string[]) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'layout-shift'];
    constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
    observe() {
      observers.push((names) =>
        this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) }),
      );
    }
    disconnect() {
      observers.length = 0;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return { paint: (name: string) => [...observers].forEach((deliver) => deliver([name])) };
}

describe('afterFirstContentfulPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs the work once the first contentful paint is reported, not at the first paint, and once', () => {
    const timing = fakePaintTiming();
    const task = vi.fn();
    afterFirstContentfulPaint(task);
    timing.paint('first-paint');
    expect(task).not.toHaveBeenCalled();
    timing.paint('first-contentful-paint');
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without such a paint (a tab in the background) it runs the work a while on; a cancel stops it', () => {
    fakePaintTiming();
    const task = vi.fn();
    const cancelled = vi.fn();
    afterFirstContentfulPaint(task);
    afterFirstContentfulPaint(cancelled)();
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('a Later told to wait for it shows its children only then', () => {
    const timing = fakePaintTiming();
    render(
      <Later fallback={<p>wait</p>} when={afterFirstContentfulPaint}>
        <p>map</p>
      </Later>,
    );
    expect(screen.getByText('wait')).toBeTruthy();
    act(() => timing.paint('first-contentful-paint'));
    expect(screen.getByText('map')).toBeTruthy();
    cleanup();
  });
});
