/* Testing Library's waits (findBy…, waitFor) wait for what the page shows, and give up after 1 s by default: on
   two cores shared with other work, a lazy chunk or a query's answer came later than that (the keys panel's demo
   keys, render-count's map, at a load of 18). The budget only stops a hang. Only the tests that run in jsdom use
   Testing Library; the others need not load it. */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 15_000 });
  /* Every tree a test rendered is unmounted after it (Testing Library does so by itself only where the test
     runner's afterEach is a global). A tree left mounted kept its queries and timers: React's scheduler then ran
     their work after the file's jsdom was torn down ("window is not defined", an unhandled error that failed CI's
     Node 24 run after every test had passed). */
  const { cleanup } = await import('@testing-library/react');
  const { afterEach } = await import('vitest');
  afterEach(() => cleanup());
}
export {};
