import type { ReactNode } from 'react';

/**
 * What a read or a wait is doing now ("Looking up…", "Waiting for approval…"), in a polite live region: a screen
 * reader says each change without moving focus. Always rendered, empty when there is nothing to say, so the first
 * words are announced too.
 */
export function StatusLine({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return (
    <p className={`status-line ${className}`.trim()} role="status" aria-live="polite">
      {children}
    </p>
  );
}
