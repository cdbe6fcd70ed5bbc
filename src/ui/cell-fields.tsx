import type { Cell } from '../api/types';
import { useI18n } from '../i18n/i18n';

/** A cell's fields as the service sent them (decimals with the language's mark), as rows of the caller's `<dl className="fields">`. */
export function CellFields({ cell }: { cell: Cell }) {
  const { t, formatDecimalText } = useI18n();
  return (
    <>
      <dt>{t('field.lat')}</dt>
      <dd className="mono">{formatDecimalText(cell.lat)}</dd>
      <dt>{t('field.lon')}</dt>
      <dd className="mono">{formatDecimalText(cell.lon)}</dd>
      <dt>{t('field.mcc')}</dt>
      <dd className="mono">{cell.mcc}</dd>
      <dt>{t('field.mnc')}</dt>
      <dd className="mono">{cell.mnc}</dd>
      <dt>{t('field.lac')}</dt>
      <dd className="mono">{cell.lac}</dd>
      <dt>{t('field.cellid')}</dt>
      <dd className="mono">{cell.cellid}</dd>
    </>
  );
}
