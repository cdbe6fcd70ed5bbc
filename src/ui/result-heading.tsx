import type { ReactNode } from 'react';
import type { FocusRef } from './focus';

/**
 * The title of an answer (a cell's name, a phone's number) as a heading under its panel's own, so a screen reader
 * can find it and read it when focus is moved to it (useFocusOutcome): focusable by script, not a Tab stop.
 */
export function ResultHeading({
  children,
  focusRef,
}: {
  children: ReactNode;
  focusRef?: FocusRef | undefined;
}) {
  return (
    <h3 className="result-title" tabIndex={-1} ref={focusRef}>
      {children}
    </h3>
  );
}
