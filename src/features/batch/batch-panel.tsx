import './batch.css';
import { useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useClient, useFormat, useKeys, useSession, useUserChange } from '../../state/session';
import { useSettings } from '../../state/settings';
import { useFocusOutcome } from '../../ui/focus';
import { BatchExport } from './batch-export';
import { BatchFile, BatchText, ConcurrencyField } from './batch-fields';
import { BatchProgress } from './batch-progress';
import { BatchTable } from './batch-table';
import { LongRunNotice } from './long-run';
import type { ParseResult } from './parse';
import { ParseSummary } from './parse-summary';
import { clampConcurrency, DEFAULT_CONCURRENCY } from './runner';
import type { BatchPhase, BatchSnapshot } from './batch-run';
import { useBatch } from './use-batch';
import { useBatchStart } from './use-batch-start';
import { useBatchList } from './use-batch-list';

export function BatchPanel() {
  const { t } = useI18n();
  const keys = useKeys();
  const [format] = useFormat();
  const { focus } = useSession();
  const { timeoutMs, rateLimit } = useSettings().settings;
  const list = useBatchList();
  const [concurrency, setConcurrency] = useState(String(DEFAULT_CONCURRENCY));
  const { snapshot, start, cancel, clear } = useBatch(useClient(), (batch) => focus.draw({ batch }));
  const running = snapshot.phase === 'running';
  const starter = useBatchStart(list.parsed, rateLimit, (entries) => {
    if (keys === null) return;
    start(entries, {
      keys,
      format,
      concurrency: clampConcurrency(Number(concurrency)),
      serviceTimeoutMs: timeoutMs,
    });
  });
  // Here, not in the notice: the notice mounts with the Look up that brings it, and must take focus then.
  const focusLongRun = useFocusOutcome(starter.asked > 0 ? starter.asked : undefined);
  // Another user (or none): the run stops sending, and the list and its results were the last user's.
  useUserChange(() => {
    clear();
    list.reset();
  });

  const run = (result: ParseResult) => {
    if (keys !== null && result.entries.length > 0) starter.run(result);
  };
  const lookUp = () => {
    const result = list.check();
    if (!result.tooLarge && result.bad.length === 0) run(result);
  };

  return (
    <div className="batch">
      <BatchText text={list.text} onText={list.typed} />
      <BatchFile onRead={list.read} />
      <ConcurrencyField value={concurrency} onChange={setConcurrency} disabled={running} />
      <BatchButtons
        phase={snapshot.phase}
        canLookUp={keys !== null}
        onLookUp={lookUp}
        onCancel={cancel}
        onClear={clear}
      />
      {keys === null && <p className="notice">{t('batch.noKeys')}</p>}
      {list.problem !== null && (
        <p className="error-notice" role="alert">
          {list.problem}
        </p>
      )}
      {list.parsed !== null && (
        <ParseSummary
          parsed={list.parsed}
          running={running}
          sent={starter.sent}
          onSendAnyway={() => list.parsed && run(list.parsed)}
          canSend={keys !== null}
        />
      )}
      {starter.waiting !== null && rateLimit !== undefined && !running && (
        <LongRunNotice
          cells={starter.waiting.entries.length}
          perSecond={rateLimit}
          focusRef={focusLongRun}
          onStart={starter.confirm}
        />
      )}
      {snapshot.phase !== 'idle' && <BatchProgress snapshot={snapshot} />}
      {snapshot.phase !== 'idle' && <BatchResults snapshot={snapshot} />}
    </div>
  );
}

/** Look up; while a run goes, Cancel; once one has ended, Clear results. */
function BatchButtons(props: {
  phase: BatchPhase;
  canLookUp: boolean;
  onLookUp(): void;
  onCancel(): void;
  onClear(): void;
}) {
  const { t } = useI18n();
  const running = props.phase === 'running';
  return (
    <div className="button-row">
      <button
        type="button"
        className="button primary"
        onClick={props.onLookUp}
        disabled={running || !props.canLookUp}
      >
        {t('batch.check')}
      </button>
      {running && (
        <button type="button" className="button secondary" onClick={props.onCancel}>
          {t('batch.cancel')}
        </button>
      )}
      {!running && props.phase !== 'idle' && (
        <button type="button" className="button secondary" onClick={props.onClear}>
          {t('batch.clear')}
        </button>
      )}
    </div>
  );
}

function BatchResults({ snapshot }: { snapshot: BatchSnapshot }) {
  const { t } = useI18n();
  const id = useId();
  // Look up is disabled while a run goes, and Cancel goes when it ends: focus goes to the results' heading then.
  const ended = snapshot.phase === 'done' || snapshot.phase === 'cancelled';
  const focusHeading = useFocusOutcome(`${snapshot.runId} ${ended ? 'ended' : 'running'}`);
  return (
    <section className="batch-section" aria-labelledby={`${id}-results`}>
      <h3 id={`${id}-results`} tabIndex={-1} ref={focusHeading}>
        {t('batch.results')}
      </h3>
      <BatchExport snapshot={snapshot} />
      <BatchTable rows={snapshot.rows} phase={snapshot.phase} />
    </section>
  );
}
