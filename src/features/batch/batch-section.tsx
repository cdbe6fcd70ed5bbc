import { lazy, Suspense, useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n';

const BatchPanel = lazy(() => import('./batch-panel').then((m) => ({ default: m.BatchPanel })));

/**
 * The batch lookup behind a button: its code loads on first open (it is not part of the first load), and
 * once open it stays mounted while hidden, so a running batch and its results survive hiding.
 */
export function BatchSection() {
  const { t } = useI18n();
  const headingId = useId();
  const panelId = useId();
  const [opened, setOpened] = useState(false);
  const [shown, setShown] = useState(false);
  return (
    <section className="panel-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('batch.title')}</h2>
      <p className="muted small">{t('batch.intro')}</p>
      <div className="button-row">
        <button
          type="button"
          className="button secondary"
          aria-expanded={shown}
          aria-controls={opened ? panelId : undefined}
          onClick={() => {
            setOpened(true);
            setShown((s) => !s);
          }}
        >
          {shown ? t('batch.hide') : opened ? t('batch.show') : t('batch.open')}
        </button>
      </div>
      {opened && (
        <div id={panelId} hidden={!shown}>
          <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
            <BatchPanel />
          </Suspense>
        </div>
      )}
    </section>
  );
}
