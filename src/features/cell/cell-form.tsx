import { useId, useRef, useState, type FormEvent } from 'react';
import { checkCellId, type CellIdField } from '../../api/cell-id';
import type { CellId } from '../../api/types';

export interface CellFormProps {
  initial?: CellId | undefined;
  /** Called only with values that passed the check; nothing is sent otherwise. */
  onLookup(id: CellId): void;
  disabled?: boolean;
}

const FIELDS: ReadonlyArray<{ name: CellIdField; label: string; hint: string; width: string }> = [
  { name: 'mcc', label: 'MCC', hint: 'e.g. 244', width: 'narrow' },
  { name: 'mnc', label: 'MNC', hint: 'e.g. 91', width: 'narrow' },
  { name: 'cellid', label: 'Cell ID', hint: 'e.g. 10038', width: 'wide' },
];

export function CellForm({ initial, onLookup, disabled = false }: CellFormProps) {
  const [values, setValues] = useState<CellId>(initial ?? { mcc: '', mnc: '', cellid: '' });
  const [errors, setErrors] = useState<Partial<Record<CellIdField, string>>>({});
  const inputs = useRef<Partial<Record<CellIdField, HTMLInputElement | null>>>({});
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkCellId(values, { mode: 'form' });
    if (!check.ok) {
      setErrors(check.errors);
      const first = FIELDS.find((field) => check.errors[field.name] !== undefined);
      if (first) inputs.current[first.name]?.focus();
      return;
    }
    setErrors({});
    onLookup(check.value);
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Cell lookup">
      <div className="field-row">
        {FIELDS.map((field) => {
          const inputId = `${id}-${field.name}`;
          const error = errors[field.name];
          return (
            <div key={field.name} className={`field ${field.width}`}>
              <label htmlFor={inputId}>{field.label}</label>
              <input
                id={inputId}
                ref={(el) => {
                  inputs.current[field.name] = el;
                }}
                name={field.name}
                inputMode="numeric"
                autoComplete="off"
                placeholder={field.hint}
                value={values[field.name]}
                onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
              {error && (
                <p id={`${inputId}-error`} className="field-error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="button-row">
        <button type="submit" className="button primary" disabled={disabled}>
          Look up cell
        </button>
      </div>
    </form>
  );
}
