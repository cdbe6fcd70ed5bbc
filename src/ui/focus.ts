import { useCallback, useEffect, useRef } from 'react';

/** Given to the element that shows an action's outcome (a result's heading, a message): see useFocusOutcome. */
export type FocusRef = (element: HTMLElement | null) => void;

/**
 * Where the keyboard's focus goes after an action: to what it brought (a result's heading, a message), so the next
 * Tab goes on from there and a screen reader reads it. `token` names the outcome on screen (a count of the
 * person's actions, an answer's time; undefined while there is none): each new one moves focus to the element the
 * returned ref is given, once one is rendered. What the page shows when it opens takes no focus.
 *
 * An outcome can come long after its action (an operator waits for the phone's owner): a person who went on to
 * another part of the page meanwhile keeps their place, and the panel's live region tells them instead. Focus
 * moves only from the outcome's own section, or from nowhere (the page, as when the button pressed went away);
 * `fromAnywhere` for an outcome that shows at once in another section than its action's (a History entry shown
 * in the cell's panel). The component that calls this must stay mounted, so that an outcome mounting its element
 * is seen.
 */
export function useFocusOutcome(
  token: number | string | undefined,
  { fromAnywhere = false }: { fromAnywhere?: boolean } = {},
): FocusRef {
  const target = useRef<HTMLElement | null>(null);
  const handled = useRef(token);
  useEffect(() => {
    const element = target.current;
    // An outcome without its element yet (no answer drawn) waits for it rather than being passed over.
    if (token === undefined || token === handled.current || element === null) return;
    handled.current = token;
    if (!fromAnywhere && !stillHere(element)) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView?.({ block: 'nearest' });
  });
  return useCallback((element: HTMLElement | null) => {
    target.current = element;
  }, []);
}

/** Whether the person is still where the outcome shows (its section), or nowhere in particular (the page). */
function stillHere(element: HTMLElement): boolean {
  const active = element.ownerDocument.activeElement;
  const section = element.closest('section');
  return (
    active === null || active === element.ownerDocument.body || section === null || section.contains(active)
  );
}
