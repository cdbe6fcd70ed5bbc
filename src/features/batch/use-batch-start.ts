import { useState } from 'react';
import { longRunMs } from './long-run';
import type { BatchEntry, ParseResult } from './parse';

/**
 * Starting a run from the list as read (`list`): at once, or, when the service's limit (`perSecond`) makes it
 * long, once the person says yes to what it takes. It knows which list was sent, so that list's summary no longer
 * says that nothing has been; a list read again or changed starts over.
 */
export function useBatchStart(
  list: ParseResult | null,
  perSecond: number | undefined,
  begin: (entries: readonly BatchEntry[]) => void,
) {
  const [waiting, setWaiting] = useState<ParseResult | null>(null);
  const [sent, setSent] = useState<ParseResult | null>(null);
  // Each Look up the person asks for: a notice that appears again takes focus again.
  const [asked, setAsked] = useState(0);
  const go = (result: ParseResult) => {
    setWaiting(null);
    setSent(result);
    begin(result.entries);
  };
  return {
    run(result: ParseResult): void {
      if (longRunMs(result.entries.length, perSecond) === undefined) return go(result);
      setWaiting(result);
      setAsked((count) => count + 1);
    },
    confirm(): void {
      if (waiting !== null) go(waiting);
    },
    /** The list waiting for the person's yes, if it is still the list on screen. */
    waiting: waiting !== null && waiting === list ? waiting : null,
    /** Whether the list on screen was sent (in part: its readable lines). */
    sent: sent !== null && sent === list,
    asked,
  };
}
