import { vi } from 'vitest';

/**
 * For tests: a browser's frame loop by hand. frame() runs the animation-frame callbacks asked for so far, idle()
 * the idle callbacks; requestAnimationFrame and requestIdleCallback are stubbed until vi.unstubAllGlobals().
 */
export function fakeFrames() {
  let frames: Array<() => void> = [];
  let idles: Array<() => void> = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idles.push(callback));
  return {
    frame() {
      const due = frames;
      frames = [];
      for (const callback of due) callback();
    },
    idle() {
      const due = idles;
      idles = [];
      for (const callback of due) callback();
    },
  };
}
