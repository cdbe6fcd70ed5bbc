import { useI18n } from '../../i18n/i18n';
import { RadioOptions } from '../../ui/radio-options';

/** The two optional lookup fields as typed: LAC digits, and a radio type ('' for any). */
export interface HintValues {
  lac: string;
  radio: string;
}

export interface CellHintFieldsProps {
  id: string;
  values: HintValues;
  onChange(values: HintValues): void;
  lacError: string | undefined;
  lacRef(input: HTMLInputElement | null): void;
}

/** LAC and Radio: what the public cell databases need; neither is part of the cell's address. */
export function CellHintFields({ id, values, onChange, lacError, lacRef }: CellHintFieldsProps) {
  const { t } = useI18n();
  const help = `${id}-hints-help`;
  const error = `${id}-lac-error`;
  return (
    <>
      <div className="field-row hints">
        <div className="field">
          <label htmlFor={`${id}-lac`}>{t('field.lac')}</label>
          <input
            id={`${id}-lac`}
            ref={lacRef}
            name="lac"
            inputMode="numeric"
            spellCheck={false}
            autoComplete="off"
            placeholder={t('cell.hint.lac')}
            value={values.lac}
            onChange={(e) => onChange({ ...values, lac: e.target.value })}
            aria-invalid={lacError ? true : undefined}
            aria-describedby={[lacError ? error : '', help].filter(Boolean).join(' ')}
          />
          {lacError && (
            <p id={error} className="field-error">
              {lacError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-radio`}>{t('field.radio')}</label>
          <select
            id={`${id}-radio`}
            name="radio"
            value={values.radio}
            onChange={(e) => onChange({ ...values, radio: e.target.value })}
            aria-describedby={help}
          >
            <RadioOptions any={t('cell.radio.any')} />
          </select>
        </div>
      </div>
      <p id={help} className="field-help">
        {t('cell.lacHelp')}
      </p>
    </>
  );
}
