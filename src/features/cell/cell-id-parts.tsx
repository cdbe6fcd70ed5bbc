import { useI18n } from '../../i18n/i18n';
import { interpretCellId } from './interpret';

/** The Cell ID split as each radio technology would split it (the API does not say which applies). */
export function CellIdParts({ cellid }: { cellid: string }) {
  const { t, formatNumber } = useI18n();
  const readings = interpretCellId(Number(cellid));
  if (readings === undefined) return null;
  const n = (value: number) => formatNumber(value, { useGrouping: false });
  return (
    <div className="readings">
      <h3>{t('interp.heading')}</h3>
      <p className="muted small">{t('interp.note')}</p>
      <dl className="facts">
        <dt>{t('interp.lte')}</dt>
        <dd className="mono">
          {t('interp.lteValue', { enb: n(readings.lte.enb), sector: n(readings.lte.sector) })}
        </dd>
        <dt>{t('interp.umts')}</dt>
        <dd className="mono">
          {t('interp.umtsValue', { rnc: n(readings.umts.rnc), cid: n(readings.umts.cid) })}
        </dd>
        {readings.nr && (
          <>
            <dt>{t('interp.nr')}</dt>
            <dd className="mono">
              {t('interp.nrValue', { gnb: n(readings.nr.gnb), cell: n(readings.nr.cell) })}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
