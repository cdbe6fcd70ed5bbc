import { useId, useRef, useState, type FormEvent } from 'react';
import { readLac } from '../../api/cell-facts';
import { checkCellId, type CellIdField, type CellIdProblem } from '../../api/cell-id';
import type { CellHints, CellId } from '../../api/types';
import type { MessageKey } from '../../i18n/en';
import { useI18n } from '../../i18n/i18n';
import { cellIdProblemText } from '../../i18n/cell-id-problem';
import { CellHintFields, type HintValues } from './cell-hint-fields';
import { cellIdToDecimal } from './cell-id-text';

export interface CellFormProps {
  /**
   * Names the cell the address shows: when it changes (a history entry, Back, a cell clicked on the map), the
   * fields show that cell. The form stays mounted, so the field the person typed in keeps its focus.
   */
  routeKey: string;
  initial?: CellId | undefined;
  initialHints?: CellHints | undefined;
  /** Called only with values that passed the check; nothing is sent otherwise. */
  onLookup(id: CellId, hints: CellHints): void;
  disabled?: boolean;
}

/** The hints as sent: an empty LAC or "Any" radio is none. */
function hintsOf(values: HintValues): CellHints {
  const lac = values.lac.trim();
  return { ...(lac !== '' && { lac }), ...(values.radio !== '' && { radio: values.radio }) };
}

const FIELDS: ReadonlyArray<{ name: CellIdField; label: MessageKey; hint: MessageKey; width: string }> = [
  { name: 'mcc', label: 'field.mcc', hint: 'cell.hint.mcc', width: 'narrow' },
  { name: 'mnc', label: 'field.mnc', hint: 'cell.hint.mnc', width: 'narrow' },
  { name: 'cellid', label: 'field.cellid', hint: 'cell.hint.cellid', width: 'wide' },
];

interface CellIdInputProps {
  field: (typeof FIELDS)[number];
  inputId: string;
  value: string;
  onChange(value: string): void;
  problem: CellIdProblem | undefined;
  inputRef(input: HTMLInputElement | null): void;
}

function CellIdInput({ field, inputId, value, onChange, problem, inputRef }: CellIdInputProps) {
  const { t } = useI18n();
  const error = problem && cellIdProblemText(problem, t);
  const help = field.name === 'cellid' ? `${inputId}-help` : undefined;
  const describedBy = [error ? `${inputId}-error` : undefined, help].filter(Boolean).join(' ');
  return (
    <div className={`field ${field.width}`}>
      <label htmlFor={inputId}>{t(field.label)}</label>
      <input
        id={inputId}
        ref={inputRef}
        name={field.name}
        inputMode={field.name === 'cellid' ? 'text' : 'numeric'}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        placeholder={t(field.hint)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
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
}

const hintValues = (hints: CellHints | undefined): HintValues => ({
  lac: hints?.lac ?? '',
  radio: hints?.radio ?? '',
});

export function CellForm({ routeKey, initial, initialHints, onLookup, disabled = false }: CellFormProps) {
  const [values, setValues] = useState<CellId>(initial ?? { mcc: '', mnc: '', cellid: '' });
  const [hints, setHints] = useState<HintValues>(hintValues(initialHints));
  const { t } = useI18n();
  const [problems, setProblems] = useState<Partial<Record<CellIdField, CellIdProblem>>>({});
  const [lacError, setLacError] = useState<string | undefined>();
  const [shownRoute, setShownRoute] = useState(routeKey);
  if (shownRoute !== routeKey) {
    setShownRoute(routeKey);
    setValues(initial ?? { mcc: '', mnc: '', cellid: '' });
    setHints(hintValues(initialHints));
    setProblems({});
    setLacError(undefined);
  }
  const inputs = useRef<Partial<Record<CellIdField | 'lac', HTMLInputElement | null>>>({});
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The API takes decimal: a hexadecimal Cell ID (0x…) is sent, linked and shown in decimal.
    const check = checkCellId({ ...values, cellid: cellIdToDecimal(values.cellid) }, { mode: 'form' });
    const sent = hintsOf(hints);
    const lacBad = sent.lac !== undefined && !readLac(sent.lac).ok;
    setProblems(check.ok ? {} : check.problems);
    setLacError(lacBad ? t('cell.lacProblem') : undefined);
    if (!check.ok || lacBad) {
      const first = check.ok ? undefined : FIELDS.find((field) => check.problems[field.name] !== undefined);
      inputs.current[first?.name ?? 'lac']?.focus();
      return;
    }
    onLookup(check.value, sent);
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('cell.form')}>
      <div className="field-row">
        {FIELDS.map((field) => (
          <CellIdInput
            key={field.name}
            field={field}
            inputId={`${id}-${field.name}`}
            value={values[field.name]}
            onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
            problem={problems[field.name]}
            inputRef={(el) => {
              inputs.current[field.name] = el;
            }}
          />
        ))}
      </div>
      <CellHintFields
        id={id}
        values={hints}
        onChange={setHints}
        lacError={lacError}
        lacRef={(el) => {
          inputs.current.lac = el;
        }}
      />
      <div className="button-row">
        <button type="submit" className="button primary" disabled={disabled}>
          {t('cell.submit')}
        </button>
      </div>
    </form>
  );
}
