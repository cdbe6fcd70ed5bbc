import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Field } from '../../ui/field';
import { megabytes } from './megabytes';
import { MAX_BYTES } from './parse';
import { clampConcurrency, MAX_CONCURRENCY } from './runner';

export function BatchText({ text, onText }: { text: string; onText(text: string): void }) {
  const { t } = useI18n();
  return (
    <Field label={t('batch.input')}>
      {(id) => (
        <>
          <textarea
            id={id}
            className="batch-input mono"
            rows={6}
            spellCheck={false}
            autoComplete="off"
            value={text}
            aria-describedby={`${id}-hint`}
            placeholder={'244,91,10038\n244-91-400101'}
            onChange={(e) => onText(e.target.value)}
          />
          <p id={`${id}-hint`} className="muted small">
            {t('batch.inputHint')}
          </p>
        </>
      )}
    </Field>
  );
}

/**
 * A file to read, chosen with a button of our own: the browser's file input names its button and its "no file"
 * in the browser's language, not the page's. The input itself is hidden; the button opens its chooser.
 */
export function BatchFile({ onRead }: { onRead(read: { text: string } | { problem: string }): void }) {
  const { t, formatNumber } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setChosen(file.name);
    if (file.size > MAX_BYTES) {
      const size = megabytes(file.size, formatNumber);
      onRead({ problem: t('batch.fileTooLarge', { size, max: megabytes(MAX_BYTES, formatNumber) }) });
      return;
    }
    try {
      onRead({ text: await file.text() });
    } catch {
      onRead({ problem: t('batch.fileUnreadable') });
    }
  };
  return (
    <div className="field">
      <span id={`${id}-label`} className="field-label">
        {t('batch.file')}
      </span>
      <div className="batch-file">
        <button
          id={`${id}-button`}
          type="button"
          className="button secondary small"
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={`${id}-chosen`}
          onClick={() => input.current?.click()}
        >
          {t('batch.chooseFile')}
        </button>
        <span id={`${id}-chosen`} className="muted small break">
          {chosen ?? t('batch.noFile')}
        </span>
        <input
          ref={input}
          type="file"
          hidden
          accept=".txt,.csv,.tsv,text/plain,text/csv,text/tab-separated-values"
          onChange={(e) => void read(e)}
        />
      </div>
    </div>
  );
}

/** How many lookups run at once (1–16), settled to that range when the field is left. */
export function ConcurrencyField(props: { value: string; onChange(value: string): void; disabled: boolean }) {
  const { t } = useI18n();
  return (
    <Field label={t('batch.concurrency')} className="field batch-concurrency">
      {(id) => (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CONCURRENCY}
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={() => props.onChange(String(clampConcurrency(Number(props.value))))}
        />
      )}
    </Field>
  );
}
