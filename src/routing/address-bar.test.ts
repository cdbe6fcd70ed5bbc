// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('the address bar', () => {
  let frames: Array<() => void> = [];
  /** One painted frame and the idle time after it. */
  const paint = () => {
    for (let i = 0; i < 2; i++) {
      const due = frames;
      frames = [];
      for (const callback of due) callback();
    }
  };
  beforeEach(() => {
    vi.resetModules();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => frames.push(callback));
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('without a read, shows the path and writes it into the address bar at once', async () => {
    const { currentPath, navigate } = await import('./address-bar');
    const before = window.history.length;
    navigate('/cell/244/91/1');
    expect(currentPath()).toBe('/cell/244/91/1');
    expect(window.location.pathname).toBe('/cell/244/91/1');
    expect(window.history.length).toBe(before + 1);
  });

  it('with a read, the app follows at once and the address bar once the answer has been painted', async () => {
    const { currentPath, navigate, subscribeRoute } = await import('./address-bar');
    const heard = vi.fn();
    const stop = subscribeRoute(heard);
    let answer!: () => void;
    const reading = new Promise<void>((resolve) => (answer = resolve));
    navigate('/cell/244/91/2', { reading });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/cell/244/91/2');
    expect(window.location.pathname).toBe('/');
    answer();
    await reading;
    await Promise.resolve();
    expect(window.location.pathname).toBe('/');
    paint();
    expect(window.location.pathname).toBe('/cell/244/91/2');
    expect(currentPath()).toBe('/cell/244/91/2');
    stop();
  });

  it("a lookup's LAC and radio reach the address bar with its path", async () => {
    const { currentPath, navigate } = await import('./address-bar');
    navigate('/cell/244/91/7?lac=5&radio=lte', { reading: Promise.resolve() });
    expect(currentPath()).toBe('/cell/244/91/7?lac=5&radio=lte');
    await Promise.resolve();
    await Promise.resolve();
    paint();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/cell/244/91/7?lac=5&radio=lte');
    expect(currentPath()).toBe('/cell/244/91/7?lac=5&radio=lte');
  });

  it('a read that takes long still puts the path in the address bar, 300 ms on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { navigate } = await import('./address-bar');
    navigate('/cell/244/91/3', { reading: new Promise(() => undefined) });
    vi.advanceTimersByTime(299);
    paint();
    expect(window.location.pathname).toBe('/');
    vi.advanceTimersByTime(1);
    paint();
    expect(window.location.pathname).toBe('/cell/244/91/3');
  });

  it('two lookups in a row each get their own entry in the history, in order', async () => {
    const { navigate } = await import('./address-bar');
    const before = window.history.length;
    navigate('/cell/244/91/4', { reading: new Promise(() => undefined) });
    navigate('/cell/244/91/5', { reading: Promise.resolve() });
    expect(window.location.pathname).toBe('/cell/244/91/4');
    await Promise.resolve();
    await Promise.resolve();
    paint();
    expect(window.location.pathname).toBe('/cell/244/91/5');
    expect(window.history.length).toBe(before + 2);
  });

  it("Back before the path was written leaves the browser's entry in charge", async () => {
    const { currentPath, navigate } = await import('./address-bar');
    navigate('/cell/244/91/6', { reading: Promise.resolve() });
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(currentPath()).toBe('/');
    await Promise.resolve();
    await Promise.resolve();
    paint();
    expect(window.location.pathname).toBe('/');
  });
});
