import { useEffect, useId, useState } from 'react';
import { RADIOS } from '../../api/cell-facts';
import type { CellsInView } from '../../api/cells-in-view';
import { useI18n } from '../../i18n/i18n';
import { findNames, loadTable, type MccMncTable } from '../../i18n/operator-names';
import { INTL_TAG } from '../../i18n/translate';
import type { InViewChoice } from '../../state/in-view-choice';
import { useSession } from '../../state/session';
import { RadioOptions } from '../../ui/radio-options';
import { operatorKey, operatorsOf } from './in-view-operators';
import { useUnfilteredCellsInView } from './use-cells-in-view';

function useTable(): MccMncTable | undefined {
  const [table, setTable] = useState<MccMncTable>();
  useEffect(() => {
    let live = true;
    loadTable().then(
      (loaded) => live && setTable(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return table;
}

/**
 * Operator and radio. The operators offered are those in view, as the read without an operator filter found
 * them (its cells', or the operators its counts name at a country's zoom): with one chosen, any other is still one
 * step away.
 */
export function InViewFilters({ choice, answer }: { choice: InViewChoice; answer: CellsInView | undefined }) {
  const { t, locale } = useI18n();
  const { inView } = useSession();
  const table = useTable();
  const operatorId = useId();
  const radioId = useId();
  const operators = operatorsOf([answer, useUnfilteredCellsInView()], choice.operator);
  const name = (op: { mcc: string; mnc: string }) => {
    const names = table ? findNames(table, op.mcc, op.mnc, INTL_TAG[locale]) : {};
    return names.operator ? `${op.mcc} ${op.mnc} · ${names.operator}` : `${op.mcc} ${op.mnc}`;
  };
  const pickOperator = (value: string) => {
    const operator = operators.find((op) => operatorKey(op) === value);
    inView.filter({ ...(operator && { operator }), ...(choice.radio && { radio: choice.radio }) });
  };
  const pickRadio = (value: string) => {
    const radio = RADIOS.find((r) => r === value);
    inView.filter({ ...(choice.operator && { operator: choice.operator }), ...(radio && { radio }) });
  };
  return (
    <div className="in-view-filters">
      <label htmlFor={operatorId}>{t('inView.operator')}</label>
      <select
        id={operatorId}
        value={choice.operator ? operatorKey(choice.operator) : ''}
        onChange={(e) => pickOperator(e.target.value)}
      >
        <option value="">{t('inView.allOperators')}</option>
        {operators.map((op) => (
          <option key={operatorKey(op)} value={operatorKey(op)}>
            {name(op)}
          </option>
        ))}
      </select>
      <label htmlFor={radioId}>{t('inView.radio')}</label>
      <select id={radioId} value={choice.radio ?? ''} onChange={(e) => pickRadio(e.target.value)}>
        <RadioOptions any={t('inView.anyRadio')} />
      </select>
    </div>
  );
}
