/* Testing Library's waits (findBy…, waitFor) wait for what the page shows, and give up after 1 s by default: on
   two cores shared with other work, a lazy chunk or a query's answer came later than that (the keys panel's demo
   keys, render-count's map, at a load of 18). The budget only stops a hang. Only the tests that run in jsdom use
   Testing Library; the others need not load it. */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 15_000 });
}
export {};
