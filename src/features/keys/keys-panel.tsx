import { useId } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useKeysState, useSession } from '../../state/session';
import { ForgetKeys } from './forget-keys';
import { KeysForm } from './keys-form';

export function KeysPanel() {
  const { t } = useI18n();
  const headingId = useId();
  const { keys, remembered, editing } = useKeysState();
  const store = useSession().keys;
  return (
    <section className="panel-section keys-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('keys.heading')}</h2>
      {keys === null || editing ? (
        <KeysForm />
      ) : (
        <div className="keys-summary">
          <p className="muted">{remembered ? t('keys.remembered') : t('keys.tabOnly')}</p>
          <div className="button-row">
            <button type="button" className="button secondary" onClick={store.openForm}>
              {t('keys.change')}
            </button>
            <ForgetKeys />
          </div>
        </div>
      )}
    </section>
  );
}
