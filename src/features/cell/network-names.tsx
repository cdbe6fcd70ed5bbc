import { useEffect, useMemo, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { INTL_TAG } from '../../i18n/translate';
import { findNames, loadedTable, loadTable, type MccMncTable } from '../../i18n/operator-names';

/** The country and the operator an MCC and MNC stand for, from the bundled table (loaded on first use). */
export function NetworkNames({ mcc, mnc }: { mcc: string; mnc: string }) {
  const { t, locale } = useI18n();
  const [table, setTable] = useState<MccMncTable | 'failed' | undefined>(loadedTable);
  useEffect(() => {
    if (loadedTable()) return;
    let live = true;
    loadTable().then(
      (loaded) => live && setTable(loaded),
      () => live && setTable('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  const names = useMemo(
    () => (table !== undefined && table !== 'failed' ? findNames(table, mcc, mnc, INTL_TAG[locale]) : {}),
    [table, mcc, mnc, locale],
  );
  const pending = table === undefined;
  return (
    <dl className="facts">
      <dt>{t('names.country')}</dt>
      <dd>{pending ? t('names.loading') : (names.country ?? t('names.unknown'))}</dd>
      <dt>{t('names.operator')}</dt>
      <dd>{pending ? t('names.loading') : (names.operator ?? t('names.unknown'))}</dd>
    </dl>
  );
}
