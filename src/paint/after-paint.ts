import { useEffect, useState } from 'react';

/** A tab in the background paints no frames: whatever waits for one runs after this long instead. */
const HIDDEN_TAB_MS = 100;
/** How long work after a frame may wait for the page to be idle. */
const IDLE_WAIT_MS = 100;

interface Waiting {
  task: () => void;
  cancelled: boolean;
}

let waiting: Waiting[] = [];
let asked = false;

function run(due: readonly Waiting[]): void {
  for (const entry of due) if (!entry.cancelled) entry.task();
}

/* Asks for the next frame once for all that wait. What is asked for after that frame began waits for the one
   after it: its own DOM changes are painted only then. */
function askForFrame(): void {
  if (asked) return;
  asked = true;
  let taken = false;
  const take = (): Waiting[] => {
    taken = true;
    asked = false;
    const due = waiting;
    waiting = [];
    return due;
  };
  const fallback = setTimeout(() => {
    if (!taken) run(take());
  }, HIDDEN_TAB_MS);
  if (typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() => {
    if (taken) return;
    clearTimeout(fallback);
    const due = take();
    // Idle time after the frame: a task already waiting (an input, a message) goes first.
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => run(due), { timeout: IDLE_WAIT_MS });
    else setTimeout(() => run(due));
  });
}

/**
 * Runs `task` once the next frame has been painted, in the idle time after it (asked for from
 * requestAnimationFrame, so it comes after that frame's paint), for work the frame that shows an answer need not
 * wait for: the map, the history, the address bar. Everything asked for before one frame runs in one task after
 * it, in order, so React renders the state it sets in one pass. Returns a cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  const entry: Waiting = { task, cancelled: false };
  waiting.push(entry);
  askForFrame();
  return () => {
    entry.cancelled = true;
  };
}

/**
 * `value`, one painted frame late: a component that shows it renders again after the frame that shows what is
 * urgent (a lookup's answer in the panel), not in the same one. Values made late together arrive together.
 */
export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(() => value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    return afterNextPaint(() => setShown(() => value));
  }, [shown, value]);
  return shown;
}
