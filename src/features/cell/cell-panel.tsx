import { useId, type ReactNode } from 'react';
import type { Cell, CellId } from '../../api/types';
import { CellDetails } from './cell-details';
import { CellForm } from './cell-form';

export interface CellPanelProps {
  /** The cell named by the address bar, if any: fills the form. */
  current: CellId | undefined;
  cell: Cell | undefined;
  isFetching: boolean;
  onLookup(id: CellId): void;
  /** Shown above the result, e.g. why the lookup waits or what was wrong with a link. */
  notice?: ReactNode;
  errorSlot?: ReactNode;
}

export function CellPanel({ current, cell, isFetching, onLookup, notice, errorSlot }: CellPanelProps) {
  const headingId = useId();
  const formKey = current ? `${current.mcc}/${current.mnc}/${current.cellid}` : 'empty';
  return (
    <section className="panel-section" aria-labelledby={headingId} aria-busy={isFetching}>
      <h2 id={headingId}>Look up a cell</h2>
      <CellForm key={formKey} initial={current} onLookup={onLookup} />
      <p className="status-line" role="status" aria-live="polite">
        {isFetching ? 'Looking up…' : ''}
      </p>
      {notice}
      {errorSlot}
      {cell && <CellDetails cell={cell} />}
    </section>
  );
}
