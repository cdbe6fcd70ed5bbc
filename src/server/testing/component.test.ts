import { describe, expect, it, vi } from 'vitest';
import { component } from './component';

describe('a program the tests need', () => {
  const missing = { probe: ['--version'], install: 'apt-get install no-such-program' };

  it('is used where it runs', () => {
    const node = component(process.execPath, { probe: ['--version'], install: 'nodejs.org', env: {} });
    expect(node.skip).toBe(false);
    expect(() => node.require()).not.toThrow();
  });

  it('fails the tests that need it in CI when it is missing, saying how to install it', () => {
    const gone = component('cellpos-no-such-program', { ...missing, env: { CI: 'true' } });
    expect(gone.skip).toBe(false);
    expect(() => gone.require()).toThrow(
      /cellpos-no-such-program is missing: install it \(apt-get install no-such-program\)/,
    );
  });

  it('skips them elsewhere, with one line saying how to install it', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(component('cellpos-no-such-program', { ...missing, env: {} }).skip).toBe(true);
      expect(log).toHaveBeenCalledWith(
        'cellpos-no-such-program is missing: install it (apt-get install no-such-program) to run the tests that need it; skipped here, and run in CI.',
      );
    } finally {
      log.mockRestore();
    }
  });
});
