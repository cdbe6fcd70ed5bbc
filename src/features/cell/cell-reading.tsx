import { useEffect, useState } from 'react';
import type { Cell } from '../../api/types';
import { useI18n } from '../../i18n/i18n';
import { INTL_TAG } from '../../i18n/translate';
import { interpretCellId } from './interpret';
import { findNames, loadTable, type MccMncTable } from '../../i18n/operator-names';

export function CellReading({ cell }: { cell: Cell }) {
  const { t, locale, formatNumber } = useI18n();
  const [table, setTable] = useState<MccMncTable | 'failed' | undefined>(undefined);
  useEffect(() => {
    let live = true;
    loadTable().then(
      (loaded) => live && setTable(loaded),
      () => live && setTable('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  const names =
    table !== undefined && table !== 'failed' ? findNames(table, cell.mcc, cell.mnc, INTL_TAG[locale]) : {};
  const pending = table === undefined;
  const readings = interpretCellId(Number(cell.cellid));
  const n = (value: number) => formatNumber(value, { useGrouping: false });
  return (
    <>
      <dl className="facts">
        <dt>{t('names.country')}</dt>
        <dd>{pending ? t('names.loading') : (names.country ?? t('names.unknown'))}</dd>
        <dt>{t('names.operator')}</dt>
        <dd>{pending ? t('names.loading') : (names.operator ?? t('names.unknown'))}</dd>
      </dl>
      {readings && (
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
      )}
    </>
  );
}
