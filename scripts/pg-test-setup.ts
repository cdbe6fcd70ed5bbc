// Vitest's global setup for the PostgreSQL suites. With TEST_DATABASE_URL (and TEST_DATABASE_ADMIN_URL, a role that
// may create databases; .ci/run sets both) the suites use that server; else, where PostgreSQL is installed, the
// first suite that needs it starts a throwaway cluster for the whole run (scripts/pg-cluster.ts), stopped here at
// the end; where it is not, the suites skip with one line saying how to run them, except in CI, where that fails.
import type { TestProject } from 'vitest/node';
import { postgresBinDir, stopSharedCluster } from './pg-cluster';

export type PostgresForTests =
  | { kind: 'given'; url: string; adminUrl: string }
  | { kind: 'start'; owner: number; ports: number[] | undefined }
  | { kind: 'skip'; reason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresForTests;
  }
}

export const HOW_TO_RUN =
  'install PostgreSQL (Debian: apt-get install postgresql) or set TEST_DATABASE_URL and TEST_DATABASE_ADMIN_URL ' +
  '(a role that may create databases)';

function ports(text: string | undefined): number[] | undefined {
  const match = /^(\d+)-(\d+)$/.exec(text ?? '');
  if (match === null) return undefined;
  const first = Number(match[1]);
  return Array.from({ length: Number(match[2]) - first + 1 }, (_, i) => first + i);
}

export default function setup(project: TestProject): () => void {
  const url = process.env.TEST_DATABASE_URL;
  if (url !== undefined && url !== '') {
    project.provide('postgres', { kind: 'given', url, adminUrl: process.env.TEST_DATABASE_ADMIN_URL || url });
    return () => undefined;
  }
  if (postgresBinDir() === undefined) {
    if (process.env.CI === 'true') {
      throw new Error(`PostgreSQL is missing, and CI runs its suites: ${HOW_TO_RUN}; .ci/run installs it.`);
    }
    const reason = `PostgreSQL suites skipped: ${HOW_TO_RUN}.`;
    console.log(reason);
    project.provide('postgres', { kind: 'skip', reason });
    return () => undefined;
  }
  project.provide('postgres', { kind: 'start', owner: process.pid, ports: ports(process.env.TEST_PG_PORTS) });
  return () => stopSharedCluster(process.pid);
}
