import { useCallback, useEffect, useRef } from 'react';

/**
 * Where the keyboard's focus goes after an action: to what it brought (a result's heading, a message), so the next
 * Tab goes on from there and a screen reader reads it. `token` names the action whose outcome is on screen (a
 * count of actions, once the outcome is rendered; undefined while there is none): each new one moves focus to
 * the element the returned ref is given, once one is rendered. What the page shows when it opens takes no focus.
 * The component that calls this must stay mounted, so that an outcome mounting its element is seen.
 */
export function useFocusOutcome(token: number | undefined): (element: HTMLElement | null) => void {
  const target = useRef<HTMLElement | null>(null);
  const handled = useRef(token);
  useEffect(() => {
    const element = target.current;
    // An outcome without its element yet (no answer drawn) waits for it rather than being passed over.
    if (token === undefined || token === handled.current || element === null) return;
    handled.current = token;
    element.focus({ preventScroll: true });
    element.scrollIntoView?.({ block: 'nearest' });
  });
  return useCallback((element: HTMLElement | null) => {
    target.current = element;
  }, []);
}
