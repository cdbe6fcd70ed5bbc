import { useId } from 'react';
import type { MessageKey } from '../../i18n/en';
import { useI18n } from '../../i18n/i18n';
import { download, exportText, type ExportFormat, type ExportRow } from './export';
import { resultText } from './reasons';
import type { BatchSnapshot } from './batch-run';

const FORMATS: ReadonlyArray<{ format: ExportFormat; label: MessageKey }> = [
  { format: 'csv', label: 'batch.exportCsv' },
  { format: 'geojson', label: 'batch.exportGeoJson' },
  { format: 'kml', label: 'batch.exportKml' },
];

export function BatchExport({ snapshot }: { snapshot: BatchSnapshot }) {
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
        {FORMATS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className="button secondary small"
            onClick={() => save(format)}
            disabled={disabled}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <p className="muted small">{t('batch.exportNote')}</p>
    </div>
  );
}
