import { execFileSync } from 'node:child_process';

/** A program some tests need (xmllint, say), as this machine has it. */
export interface Component {
  /** Skip the tests that need it: it is missing, and this is not CI. */
  skip: boolean;
  /** In a test that needs it: throws, saying how to install it, when it is missing (as in CI). */
  require(): void;
}

/**
 * Whether `program` runs here (`program ...probe` exits 0). When it does not: in CI (`CI=true`) the tests that need
 * it run and fail, saying how to install it — a missing component is a failure there, never a silent skip; on a
 * developer's machine they skip, and one line says which and how to install it.
 */
export function component(
  program: string,
  { probe, install, env = process.env }: { probe: string[]; install: string; env?: NodeJS.ProcessEnv },
): Component {
  let found = true;
  try {
    execFileSync(program, probe, { stdio: 'ignore' });
  } catch {
    found = false;
  }
  const missing = `${program} is missing: install it (${install}) to run the tests that need it`;
  const ci = env.CI === 'true';
  if (!found && !ci) console.log(`${missing}; skipped here, and run in CI.`);
  return {
    skip: !found && !ci,
    require() {
      if (!found) throw new Error(`${missing}. CI runs every test.`);
    },
  };
}
