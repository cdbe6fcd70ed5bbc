import { useId, type ReactNode } from 'react';

/** A labelled form field: `children` draws the control (and its hints) with the id the label names. */
export function Field({
  label,
  className = 'field',
  children,
}: {
  label: ReactNode;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
