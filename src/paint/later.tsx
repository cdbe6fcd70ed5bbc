import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from './after-paint';

/**
 * Work the first screen need not wait for, in tasks of its own. A task that runs long holds up whatever the page
 * is asked meanwhile (a tap, a key) and is what Lighthouse's Total Blocking Time counts: the map's start and the
 * world outline are cut into steps, each in a task, with the browser free to run anything else between them.
 */

/** Runs `task` in a task of its own, after whatever the browser has queued. Returns a cancel. */
export function nextTask(task: () => void): () => void {
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}

/** The longest a slice of `inSlices` runs before it lets the browser have a turn. */
export const SLICE_MS = 4;

/**
 * Calls `each` for every item, in order, in tasks of about SLICE_MS each (at least one item a task), then `done`.
 * Returns a cancel: no item is taken after it.
 */
export function inSlices<T>(
  items: readonly T[],
  each: (item: T) => void,
  done: () => void = () => undefined,
  sliceMs = SLICE_MS,
): () => void {
  let next = 0;
  let cancel = () => undefined as void;
  const slice = () => {
    const until = performance.now() + sliceMs;
    do {
      const item = items[next];
      next += 1;
      if (item !== undefined) each(item);
    } while (next < items.length && performance.now() < until);
    if (next < items.length) cancel = nextTask(slice);
    else done();
  };
  cancel = nextTask(slice);
  return () => cancel();
}

/** How long work waiting for the first contentful paint waits at most (a tab opened in the background paints none). */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Runs `task` once the page's first contentful paint has been presented (the browser's own paint timing, which
 * comes after the frame has left the main thread), or FIRST_PAINT_WAIT_MS on without one. Returns a cancel.
 */
export function afterFirstContentfulPaint(task: () => void): () => void {
  const supported =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!supported) return afterNextPaint(task);
  let done = false;
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  const timer = setTimeout(() => run(), FIRST_PAINT_WAIT_MS);
  function stop(): void {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  }
  function run(): void {
    if (done) return;
    stop();
    task();
  }
  observer.observe({ type: 'paint', buffered: true });
  return stop;
}

/** When a `Later` shows its children: given the work, asks for it to be run, and returns a cancel. */
export type When = (task: () => void) => () => void;

/**
 * `children` once the frame after the component that holds it has been painted (paint/after-paint.ts), rendered
 * in a transition (in slices that yield to the browser): a step of a start that would be one long task if it were
 * all rendered at once. Nested, each level waits for a frame after the one around it, so what one level changed is
 * laid out with that frame and not, forced, inside the next level's task (Leaflet reads sizes as it starts).
 * `fallback` stands in until then; `when` says when else (afterFirstContentfulPaint, say).
 */
export function Later({
  children,
  fallback = null,
  when = afterNextPaint,
}: {
  children: ReactNode;
  fallback?: ReactNode;
  when?: When;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => (shown ? undefined : when(() => startTransition(() => setShown(true)))), [shown, when]);
  return shown ? children : fallback;
}
