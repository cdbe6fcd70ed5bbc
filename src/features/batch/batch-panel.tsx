import './batch.css';
import { useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useClient, useFormat, useKeys, useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { BatchExport } from './batch-export';
import { BatchFile, BatchText, ConcurrencyField } from './batch-fields';
import { BatchProgress } from './batch-progress';
import { BatchTable } from './batch-table';
import { parseBatch, type ParseResult } from './parse';
import { ParseSummary } from './parse-summary';
import { clampConcurrency, DEFAULT_CONCURRENCY } from './runner';
import type { BatchSnapshot } from './batch-run';
import { useBatch } from './use-batch';

export function BatchPanel() {
  const { t } = useI18n();
  const keys = useKeys();
  const [format] = useFormat();
  const { focus } = useSession();
  const { timeoutMs } = useSettings().settings;
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<ParseResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [concurrency, setConcurrency] = useState(String(DEFAULT_CONCURRENCY));
  const { snapshot, start, cancel, clear } = useBatch(useClient(), (batch) => focus.draw({ batch }));
  const running = snapshot.phase === 'running';

  const run = (result: ParseResult) => {
    if (keys === null || result.entries.length === 0) return;
    start(result.entries, {
      keys,
      format,
      concurrency: clampConcurrency(Number(concurrency)),
      serviceTimeoutMs: timeoutMs,
    });
  };
  const lookUp = () => {
    setProblem(null);
    const result = parseBatch(text);
    setParsed(result);
    if (!result.tooLarge && result.bad.length === 0) run(result);
  };
  const typed = (next: string) => {
    setText(next);
    setParsed(null);
  };
  const read = (next: { text: string } | { problem: string }) => {
    setParsed(null);
    if ('text' in next) setText(next.text);
    setProblem('problem' in next ? next.problem : null);
  };

  return (
    <div className="batch">
      <BatchText text={text} onText={typed} />
      <BatchFile onRead={read} />
      <ConcurrencyField value={concurrency} onChange={setConcurrency} disabled={running} />
      <div className="button-row">
        <button type="button" className="button primary" onClick={lookUp} disabled={running || keys === null}>
          {t('batch.check')}
        </button>
        {running && (
          <button type="button" className="button secondary" onClick={cancel}>
            {t('batch.cancel')}
          </button>
        )}
        {!running && snapshot.phase !== 'idle' && (
          <button type="button" className="button secondary" onClick={clear}>
            {t('batch.clear')}
          </button>
        )}
      </div>
      {keys === null && <p className="notice">{t('batch.noKeys')}</p>}
      {problem !== null && (
        <p className="error-notice" role="alert">
          {problem}
        </p>
      )}
      {parsed !== null && (
        <ParseSummary
          parsed={parsed}
          running={running}
          onSendAnyway={() => run(parsed)}
          canSend={keys !== null}
        />
      )}
      {snapshot.phase !== 'idle' && <BatchProgress snapshot={snapshot} />}
      {snapshot.phase !== 'idle' && <BatchResults snapshot={snapshot} />}
    </div>
  );
}

function BatchResults({ snapshot }: { snapshot: BatchSnapshot }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <section className="batch-section" aria-labelledby={`${id}-results`}>
      <h3 id={`${id}-results`}>{t('batch.results')}</h3>
      <BatchExport snapshot={snapshot} />
      <BatchTable rows={snapshot.rows} phase={snapshot.phase} />
    </section>
  );
}
