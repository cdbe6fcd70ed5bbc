import { describe, expect, it, vi } from 'vitest';
import { createAppUpdate } from './app-update';

describe('the app update', () => {
  it('is marked outdated once, and a waiting version is let in by apply()', () => {
    const update = createAppUpdate();
    const seen = vi.fn();
    update.subscribe(seen);
    update.markOutdated();
    update.markOutdated();
    expect(update.get()).toEqual({ outdated: true, ready: false });
    expect(seen).toHaveBeenCalledTimes(1);
    const letIn = vi.fn();
    update.markReady(letIn);
    expect(update.get()).toEqual({ outdated: true, ready: true });
    update.apply();
    expect(letIn).toHaveBeenCalledTimes(1);
  });

  it('reloads the page when no newer version waits', () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    try {
      createAppUpdate().apply();
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
