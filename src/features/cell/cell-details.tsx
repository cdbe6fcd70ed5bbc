import { useEffect, useRef } from 'react';
import { cellLabel } from '../../api/cell-id';
import type { Cell } from '../../api/types';
import { useI18n } from '../../i18n/i18n';
import { CellFields } from '../../ui/cell-fields';
import { ResultHeading } from '../../ui/result-heading';
import { cellIdHex } from './cell-id-text';
import type { FocusRef } from '../../ui/focus';

export function CellDetails({
  cell,
  focusRef,
}: {
  cell: Cell;
  /** Given while the cell is a lookup's outcome: its heading takes focus (useFocusOutcome). */
  focusRef?: FocusRef | undefined;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const label = cellLabel(cell);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [label]);
  return (
    <div className="result" ref={ref}>
      <ResultHeading focusRef={focusRef}>{cell.name}</ResultHeading>
      <dl className="fields">
        <dt>{t('field.name')}</dt>
        <dd>{cell.name}</dd>
        <CellFields cell={cell} />
        <dt>{t('field.cellidHex')}</dt>
        <dd className="mono">{cellIdHex(cell.cellid)}</dd>
      </dl>
    </div>
  );
}
