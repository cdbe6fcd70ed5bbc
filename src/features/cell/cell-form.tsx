import { useId, useRef, useState, type FormEvent } from 'react';
import { checkCellId, type CellIdField, type CellIdProblem } from '../../api/cell-id';
import type { CellId } from '../../api/types';
import type { MessageKey } from '../../i18n/en';
import { useI18n } from '../../i18n/i18n';
import { cellIdProblemText } from '../../i18n/cell-id-problem';
import { cellIdToDecimal } from './cell-id-text';

export interface CellFormProps {
  initial?: CellId | undefined;
  /** Called only with values that passed the check; nothing is sent otherwise. */
  onLookup(id: CellId): void;
  disabled?: boolean;
}

const FIELDS: ReadonlyArray<{ name: CellIdField; label: MessageKey; hint: MessageKey; width: string }> = [
  { name: 'mcc', label: 'field.mcc', hint: 'cell.hint.mcc', width: 'narrow' },
  { name: 'mnc', label: 'field.mnc', hint: 'cell.hint.mnc', width: 'narrow' },
  { name: 'cellid', label: 'field.cellid', hint: 'cell.hint.cellid', width: 'wide' },
];

export function CellForm({ initial, onLookup, disabled = false }: CellFormProps) {
  const [values, setValues] = useState<CellId>(initial ?? { mcc: '', mnc: '', cellid: '' });
  const { t } = useI18n();
  const [problems, setProblems] = useState<Partial<Record<CellIdField, CellIdProblem>>>({});
  const inputs = useRef<Partial<Record<CellIdField, HTMLInputElement | null>>>({});
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The API takes decimal: a hexadecimal Cell ID (0x…) is sent, linked and shown in decimal.
    const check = checkCellId({ ...values, cellid: cellIdToDecimal(values.cellid) }, { mode: 'form' });
    if (!check.ok) {
      setProblems(check.problems);
      const first = FIELDS.find((field) => check.problems[field.name] !== undefined);
      if (first) inputs.current[first.name]?.focus();
      return;
    }
    setProblems({});
    onLookup(check.value);
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('cell.form')}>
      <div className="field-row">
        {FIELDS.map((field) => {
          const inputId = `${id}-${field.name}`;
          const problem = problems[field.name];
          const error = problem && cellIdProblemText(problem, t);
          const help = field.name === 'cellid' ? `${inputId}-help` : undefined;
          const describedBy = [error ? `${inputId}-error` : undefined, help].filter(Boolean).join(' ');
          return (
            <div key={field.name} className={`field ${field.width}`}>
              <label htmlFor={inputId}>{t(field.label)}</label>
              <input
                id={inputId}
                ref={(el) => {
                  inputs.current[field.name] = el;
                }}
                name={field.name}
                inputMode={field.name === 'cellid' ? 'text' : 'numeric'}
                spellCheck={false}
                autoCapitalize="off"
                autoComplete="off"
                placeholder={t(field.hint)}
                value={values[field.name]}
                onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy || undefined}
              />
              {error && (
                <p id={`${inputId}-error`} className="field-error">
                  {error}
                </p>
              )}
              {help && (
                <p id={help} className="field-help">
                  {t('cell.cellidHelp')}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="button-row">
        <button type="submit" className="button primary" disabled={disabled}>
          {t('cell.submit')}
        </button>
      </div>
    </form>
  );
}
