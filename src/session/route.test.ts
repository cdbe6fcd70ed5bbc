// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cellPath, formatRoute, formatView, parseHints, parseRoute, parseView } from './route';

describe('routes', () => {
  it('reads the start page', () => {
    expect(parseRoute('/')).toEqual({ name: 'home' });
    expect(parseRoute('')).toEqual({ name: 'home' });
  });

  it('reads a cell and keeps the text as typed', () => {
    expect(parseRoute('/cell/244/05/10038')).toEqual({
      name: 'cell',
      id: { mcc: '244', mnc: '05', cellid: '10038' },
      hints: {},
    });
    expect(parseRoute('/cell/244/91/10038/')).toMatchObject({ name: 'cell' });
  });

  it('names what is wrong with a bad cell link', () => {
    const route = parseRoute('/cell/abc/91/1234567890123');
    expect(route.name).toBe('bad-cell');
    if (route.name !== 'bad-cell') return;
    expect(route.errors.mcc).toMatch(/MCC/);
    expect(route.errors.cellid).toMatch(/Cell ID/);
    expect(route.errors.mnc).toBeUndefined();
  });

  it('does not throw on broken escapes or unknown paths', () => {
    expect(parseRoute('/cell/%E0%A4%A/91/1').name).toBe('not-found');
    expect(parseRoute('/cells').name).toBe('not-found');
  });

  it('formats what it parses', () => {
    const id = { mcc: '244', mnc: '05', cellid: '10038' };
    expect(cellPath(id)).toBe('/cell/244/05/10038');
    expect(parseRoute(formatRoute({ name: 'cell', id, hints: {} }))).toEqual({ name: 'cell', id, hints: {} });
    expect(formatRoute({ name: 'home' })).toBe('/');
  });

  it("keeps the lookup's LAC and radio in the link, as typed (the service judges them)", () => {
    const id = { mcc: '244', mnc: '91', cellid: '20500001' };
    const hints = { lac: '6001', radio: 'LTE' };
    expect(cellPath(id, hints)).toBe('/cell/244/91/20500001?lac=6001&radio=LTE');
    expect(parseRoute('/cell/244/91/20500001?lac=6001&radio=LTE')).toEqual({ name: 'cell', id, hints });
    expect(parseRoute('/cell/244/91/20500001?radio=nr')).toEqual({
      name: 'cell',
      id,
      hints: { radio: 'nr' },
    });
    expect(parseRoute('/cell/244/91/20500001?lac=&radio=')).toEqual({ name: 'cell', id, hints: {} });
    expect(parseHints('?view=1,2,3&lac=12x')).toEqual({ lac: '12x' });
  });

  it('parses the map view of a shared link and ignores nonsense', () => {
    expect(parseView('?view=60.1,20.5,9')).toEqual({ lat: 60.1, lon: 20.5, zoom: 9 });
    expect(parseView('?view=91,0,3')).toBeUndefined();
    expect(parseView('?view=1,2')).toBeUndefined();
    expect(parseView('?view=a,b,c')).toBeUndefined();
    expect(parseView('?view=1,2,30')).toBeUndefined();
    expect(parseView('')).toBeUndefined();
  });

  it('formats the view with five decimals and a whole zoom', () => {
    expect(formatView({ lat: 60.1, lon: 20.5, zoom: 9.4 })).toBe('60.10000,20.50000,9');
  });
});

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
    const { currentPath, navigate } = await import('./route');
    const before = window.history.length;
    navigate('/cell/244/91/1');
    expect(currentPath()).toBe('/cell/244/91/1');
    expect(window.location.pathname).toBe('/cell/244/91/1');
    expect(window.history.length).toBe(before + 1);
  });

  it('with a read, the app follows at once and the address bar once the answer has been painted', async () => {
    const { currentPath, navigate, subscribeRoute } = await import('./route');
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
    const { currentPath, navigate } = await import('./route');
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
    const { navigate } = await import('./route');
    navigate('/cell/244/91/3', { reading: new Promise(() => undefined) });
    vi.advanceTimersByTime(299);
    paint();
    expect(window.location.pathname).toBe('/');
    vi.advanceTimersByTime(1);
    paint();
    expect(window.location.pathname).toBe('/cell/244/91/3');
  });

  it('two lookups in a row each get their own entry in the history, in order', async () => {
    const { navigate } = await import('./route');
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
    const { currentPath, navigate } = await import('./route');
    navigate('/cell/244/91/6', { reading: Promise.resolve() });
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(currentPath()).toBe('/');
    await Promise.resolve();
    await Promise.resolve();
    paint();
    expect(window.location.pathname).toBe('/');
  });
});
