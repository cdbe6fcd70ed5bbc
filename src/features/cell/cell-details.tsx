import { useEffect, useRef } from 'react';
import type { Cell } from '../../api/types';
import { useI18n } from '../../i18n/i18n';
import { cellIdHex } from './cell-id-text';

export function CellDetails({ cell }: { cell: Cell }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const label = `${cell.mcc}/${cell.mnc}/${cell.cellid}`;
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [label]);
  return (
    <div className="result" ref={ref}>
      <p className="result-title">{cell.name}</p>
      <dl className="fields">
        <dt>{t('field.name')}</dt>
        <dd>{cell.name}</dd>
        <dt>{t('field.lat')}</dt>
        <dd className="mono">{cell.lat}</dd>
        <dt>{t('field.lon')}</dt>
        <dd className="mono">{cell.lon}</dd>
        <dt>{t('field.mcc')}</dt>
        <dd className="mono">{cell.mcc}</dd>
        <dt>{t('field.mnc')}</dt>
        <dd className="mono">{cell.mnc}</dd>
        <dt>{t('field.lac')}</dt>
        <dd className="mono">{cell.lac}</dd>
        <dt>{t('field.cellid')}</dt>
        <dd className="mono">{cell.cellid}</dd>
        <dt>{t('field.cellidHex')}</dt>
        <dd className="mono">{cellIdHex(cell.cellid)}</dd>
      </dl>
    </div>
  );
}
