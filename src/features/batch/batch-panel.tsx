import './batch.css';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { Format, Keys } from '../../api/types';
import { useI18n } from '../../i18n/i18n';
import type { BatchCells } from '../../map/batch-layer';
import { BatchTable } from './batch-table';
import { download, exportText, type ExportFormat, type ExportRow } from './export';
import { MAX_BYTES, MAX_LINES, parseBatch, type ParseResult } from './parse';
import { badLineText, resultText } from './reasons';
import { clampConcurrency, DEFAULT_CONCURRENCY, MAX_CONCURRENCY, type BatchClient } from './runner';
import { useBatch, type BatchSnapshot } from './use-batch';

export interface BatchPanelProps {
  client: BatchClient;
  keys: Keys | null;
  format: Format;
  /** The found cells for the map; called at most about once a second while a batch runs. */
  onCells(cells: BatchCells): void;
}

const MAP_EVERY_MS = 1000;
const BAD_LINES_SHOWN = 200;

export function BatchPanel({ client, keys, format, onCells }: BatchPanelProps) {
  const { t, formatNumber } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<ParseResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [concurrency, setConcurrency] = useState(String(DEFAULT_CONCURRENCY));
  const { snapshot, start, cancel, clear } = useBatch(client);
  const running = snapshot.phase === 'running';

  const mapSent = useRef({ at: 0, runId: -1, count: -1, phase: snapshot.phase });
  useEffect(() => {
    const sent = mapSent.current;
    const count = snapshot.cells.length;
    const changed = sent.runId !== snapshot.runId || sent.phase !== snapshot.phase;
    if (!changed && (count === sent.count || Date.now() - sent.at < MAP_EVERY_MS)) return;
    mapSent.current = { at: Date.now(), runId: snapshot.runId, count, phase: snapshot.phase };
    onCells({
      runId: snapshot.runId,
      cells: snapshot.cells,
      count,
      complete: snapshot.phase === 'done' || snapshot.phase === 'cancelled',
    });
  }, [snapshot, onCells]);

  const run = (result: ParseResult) => {
    if (keys === null || result.entries.length === 0) return;
    start(result.entries, keys, format, clampConcurrency(Number(concurrency)));
  };

  const lookUp = () => {
    setProblem(null);
    const result = parseBatch(text);
    setParsed(result);
    if (result.tooLarge || result.bad.length > 0) return;
    run(result);
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setParsed(null);
    if (file.size > MAX_BYTES) {
      setProblem(
        t('batch.fileTooLarge', { size: mb(file.size, formatNumber), max: mb(MAX_BYTES, formatNumber) }),
      );
      return;
    }
    try {
      setText(await file.text());
      setProblem(null);
    } catch {
      setProblem(t('batch.fileUnreadable'));
    }
  };

  const concurrencyId = `${id}-concurrency`;
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const fileId = `${id}-file`;

  return (
    <div className="batch">
      <div className="field">
        <label htmlFor={inputId}>{t('batch.input')}</label>
        <textarea
          id={inputId}
          className="batch-input mono"
          rows={6}
          spellCheck={false}
          autoComplete="off"
          value={text}
          aria-describedby={hintId}
          placeholder={'244,91,10038\n244-91-400101'}
          onChange={(e) => {
            setText(e.target.value);
            setParsed(null);
          }}
        />
        <p id={hintId} className="muted small">
          {t('batch.inputHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={fileId}>{t('batch.file')}</label>
        <input
          id={fileId}
          type="file"
          accept=".txt,.csv,.tsv,text/plain,text/csv,text/tab-separated-values"
          onChange={(e) => void readFile(e)}
        />
      </div>
      <div className="field-row">
        <div className="field narrow">
          <label htmlFor={concurrencyId}>{t('batch.concurrency')}</label>
          <input
            id={concurrencyId}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CONCURRENCY}
            value={concurrency}
            disabled={running}
            onChange={(e) => setConcurrency(e.target.value)}
            onBlur={() => setConcurrency(String(clampConcurrency(Number(concurrency))))}
          />
        </div>
      </div>
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
      {snapshot.phase !== 'idle' && (
        <section className="batch-section" aria-labelledby={`${id}-results`}>
          <h3 id={`${id}-results`}>{t('batch.results')}</h3>
          <BatchExport snapshot={snapshot} />
          <BatchTable rows={snapshot.rows} phase={snapshot.phase} version={snapshot.version} />
        </section>
      )}
    </div>
  );
}

function mb(
  bytes: number,
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string,
): string {
  return formatNumber(bytes / 1_000_000, { maximumFractionDigits: 1 });
}

function ParseSummary({
  parsed,
  running,
  canSend,
  onSendAnyway,
}: {
  parsed: ParseResult;
  running: boolean;
  canSend: boolean;
  onSendAnyway(): void;
}) {
  const { t, formatNumber } = useI18n();
  const headingId = useId();
  if (parsed.tooLarge) {
    return (
      <p className="error-notice" role="alert">
        {'lines' in parsed.tooLarge
          ? t('batch.tooManyLines', {
              count: formatNumber(parsed.tooLarge.lines),
              max: formatNumber(MAX_LINES),
            })
          : t('batch.tooManyBytes', {
              size: mb(parsed.tooLarge.bytes, formatNumber),
              max: mb(MAX_BYTES, formatNumber),
            })}
      </p>
    );
  }
  if (parsed.entries.length === 0 && parsed.bad.length === 0) {
    return (
      <p className="error-notice" role="alert">
        {t('batch.empty')}
      </p>
    );
  }
  return (
    <div className="batch-summary">
      <p className="small">
        {t('batch.summary', { count: formatNumber(parsed.entries.length) })}
        {parsed.duplicateLines > 0 && (
          <> {t('batch.duplicates', { count: formatNumber(parsed.duplicateLines) })}</>
        )}
        {parsed.header && <> {t('batch.header')}</>}
      </p>
      {parsed.bad.length > 0 && (
        <div className="error-notice" role="alert" aria-labelledby={headingId}>
          <p className="error-title" id={headingId}>
            {t('batch.badTitle', { count: formatNumber(parsed.bad.length) })}
          </p>
          <p>{t('batch.badHelp')}</p>
          <ul className="batch-bad">
            {parsed.bad.slice(0, BAD_LINES_SHOWN).map((bad) => (
              <li key={bad.line}>
                <strong>{t('batch.badLine', { line: formatNumber(bad.line) })}</strong>{' '}
                <code className="mono">{bad.text.slice(0, 80)}</code>: {badLineText(bad, t)}
              </li>
            ))}
          </ul>
          {parsed.bad.length > BAD_LINES_SHOWN && <p>…</p>}
          {parsed.entries.length > 0 && (
            <div className="button-row">
              <button
                type="button"
                className="button secondary"
                onClick={onSendAnyway}
                disabled={running || !canSend}
              >
                {t('batch.sendAnyway', { count: formatNumber(parsed.entries.length) })}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function duration(
  ms: number,
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string,
): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return formatNumber(seconds, { style: 'unit', unit: 'second', unitDisplay: 'short' });
  const minutes = Math.floor(seconds / 60);
  return `${formatNumber(minutes, { style: 'unit', unit: 'minute', unitDisplay: 'short' })} ${formatNumber(seconds % 60, { style: 'unit', unit: 'second', unitDisplay: 'short' })}`;
}

/** Announced politely at most every few seconds; the bar and its label update on every render. */
const ANNOUNCE_EVERY_MS = 5000;

function BatchProgress({ snapshot }: { snapshot: BatchSnapshot }) {
  const { t, formatNumber } = useI18n();
  const labelId = useId();
  const { done, total, failed, phase } = snapshot;
  const found = done - failed;
  const elapsed = Math.max(1, snapshot.until - snapshot.startedAt);
  const rate = done / (elapsed / 1000);
  const left =
    done > 0 && rate > 0
      ? t('batch.timeLeft', { time: duration(((total - done) / rate) * 1000, formatNumber) })
      : t('batch.timeLeftUnknown');
  const line = t('batch.progressText', {
    done: formatNumber(done),
    total: formatNumber(total),
    failed: formatNumber(failed),
    rate: formatNumber(rate, { maximumFractionDigits: 1 }),
    left,
  });
  const ended =
    phase === 'done'
      ? t('batch.finished', {
          found: formatNumber(found),
          failed: formatNumber(failed),
          total: formatNumber(total),
          time: duration(elapsed, formatNumber),
        })
      : phase === 'cancelled'
        ? t('batch.cancelled', {
            done: formatNumber(done),
            total: formatNumber(total),
            found: formatNumber(found),
            failed: formatNumber(failed),
          })
        : null;
  const pausedSeconds = Math.ceil((snapshot.pausedUntil - snapshot.until) / 1000);
  const paused =
    phase === 'running' && pausedSeconds > 0 ? t('batch.paused', { seconds: pausedSeconds }) : null;

  const [announced, setAnnounced] = useState({ text: '', at: 0 });
  const wanted = ended ?? paused ?? line;
  const now = snapshot.until;
  if (
    wanted !== announced.text &&
    (ended !== null || paused !== null || now - announced.at >= ANNOUNCE_EVERY_MS)
  ) {
    setAnnounced({ text: wanted, at: now });
  }

  return (
    <div className="batch-progress">
      <label id={labelId} className="small" htmlFor={`${labelId}-bar`}>
        {t('batch.progress')}: {line}
      </label>
      <progress id={`${labelId}-bar`} max={Math.max(1, total)} value={done} />
      {paused !== null && <p className="notice small">{paused}</p>}
      {ended !== null && <p className="small batch-ended">{ended}</p>}
      {(snapshot.rateLimitedRetries > 0 || snapshot.transientRetries > 0) && (
        <p className="muted small batch-retries">
          {t('batch.retries', {
            limited: formatNumber(snapshot.rateLimitedRetries),
            transient: formatNumber(snapshot.transientRetries),
          })}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced.text}
      </p>
    </div>
  );
}

function BatchExport({ snapshot }: { snapshot: BatchSnapshot }) {
  const { t } = useI18n();
  const headingId = useId();
  // Built on demand: a running batch re-renders often and 10,000 rows need not be mapped each time.
  const save = (format: ExportFormat) => {
    const rows = snapshot.rows.map((row): ExportRow => ({
      line: row.entry.line,
      id: row.entry.id,
      status: resultText(row, snapshot.phase, t),
      cell: row.outcome?.ok ? row.outcome.cell : undefined,
    }));
    download(exportText(format, rows), format);
  };
  const disabled = snapshot.phase === 'running';
  return (
    <div className="batch-export" role="group" aria-labelledby={headingId}>
      <p id={headingId} className="small">
        <strong>{t('batch.export')}</strong>
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button secondary small"
          onClick={() => save('csv')}
          disabled={disabled}
        >
          {t('batch.exportCsv')}
        </button>
        <button
          type="button"
          className="button secondary small"
          onClick={() => save('geojson')}
          disabled={disabled}
        >
          {t('batch.exportGeoJson')}
        </button>
        <button
          type="button"
          className="button secondary small"
          onClick={() => save('kml')}
          disabled={disabled}
        >
          {t('batch.exportKml')}
        </button>
      </div>
      <p className="muted small">{t('batch.exportNote')}</p>
    </div>
  );
}
