import { useId, useRef, useState, type FormEvent } from 'react';
import { RADIOS } from '../../api/cell-facts';
import type { CellIdField } from '../../api/cell-id';
import { checkLookup, type LookupField, type LookupProblem } from '../../api/lookup-check';
import type { CellHints, CellId } from '../../api/types';
import type { MessageKey } from '../../i18n/en';
import { useI18n } from '../../i18n/i18n';
import { cellIdProblemText } from '../../i18n/cell-id-problem';
import { CellHintFields, type HintValues } from './cell-hint-fields';

export interface CellFormProps {
  /**
   * Names the cell the address shows: when it changes (a history entry, Back, a cell clicked on the map), the
   * fields show that cell. The form stays mounted, so the field the person typed in keeps its focus.
   */
  routeKey: string;
  initial?: CellId | undefined;
  initialHints?: CellHints | undefined;
  /** What is wrong with the values the address gave (a bad link): shown on their fields, as the form's own. */
  initialProblems?: Problems | undefined;
  /** Called only with values that passed the check (checkLookup, the rules links follow too). */
  onLookup(id: CellId, hints: CellHints): void;
  /**
   * Called when the check failed: nothing is sent, and what was shown for earlier values is not theirs. The form
   * keeps what was typed when the address then names no cell (routeKey NO_CELL).
   */
  onInvalid?(): void;
  disabled?: boolean;
}

type Problems = Partial<Record<LookupField, LookupProblem>>;

/** The routeKey of an address that names no cell. */
export const NO_CELL = 'empty';

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
  problem: LookupProblem | undefined;
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

/** The hints as the fields show them: a radio the select does not offer shows as Any (the notice names it). */
const hintValues = (hints: CellHints | undefined): HintValues => ({
  lac: hints?.lac ?? '',
  radio: RADIOS.find((radio) => radio === hints?.radio) ?? '',
});

export function CellForm(props: CellFormProps) {
  const { routeKey, initial, initialHints, initialProblems, onLookup, onInvalid, disabled = false } = props;
  const [values, setValues] = useState<CellId>(initial ?? { mcc: '', mnc: '', cellid: '' });
  const [hints, setHints] = useState<HintValues>(hintValues(initialHints));
  const { t } = useI18n();
  const [problems, setProblems] = useState<Problems>(initialProblems ?? {});
  const [shownRoute, setShownRoute] = useState(routeKey);
  if (shownRoute !== routeKey) {
    setShownRoute(routeKey);
    setValues(initial ?? { mcc: '', mnc: '', cellid: '' });
    setHints(hintValues(initialHints));
    setProblems(initialProblems ?? {});
  }
  // Values that failed the check take the address off the cell it named: they stay, with what is wrong with them.
  const leaveRoute = () => {
    setShownRoute(NO_CELL);
    onInvalid?.();
  };
  const inputs = useRef<Partial<Record<CellIdField | 'lac', HTMLInputElement | null>>>({});
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The API takes decimal: a hexadecimal Cell ID (0x…) is sent, linked and shown in decimal.
    const check = checkLookup({ ...values, ...hints });
    setProblems(check.ok ? {} : check.problems);
    if (!check.ok) {
      const order: ReadonlyArray<CellIdField | 'lac'> = ['mcc', 'mnc', 'cellid', 'lac'];
      inputs.current[order.find((name) => check.problems[name] !== undefined) ?? 'lac']?.focus();
      leaveRoute();
      return;
    }
    onLookup(check.id, check.hints);
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
        lacError={problems.lac && cellIdProblemText(problems.lac, t)}
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
