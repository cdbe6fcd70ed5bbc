import { useId, type KeyboardEvent } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useKeysState, useSession } from '../../state/session';
import { useFocusOutcome } from '../../ui/focus';
import { ForgetKeys } from './forget-keys';
import { KeysForm } from './keys-form';

export function KeysPanel() {
  const { t } = useI18n();
  const headingId = useId();
  const { keys, remembered, editing, acted } = useKeysState();
  const store = useSession().keys;
  // What the person did with the keys takes focus once shown: where they are kept, or that they are forgotten.
  const focusOutcome = useFocusOutcome(acted?.count);
  // Escape in the Change keys form leaves it as it was, as its Cancel does.
  const escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || keys === null || !editing) return;
    event.preventDefault();
    store.closeForm();
  };
  return (
    // The keys pressed in the form's own fields and buttons, not a handler of its own: no role is wanted.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section className="panel-section keys-section" aria-labelledby={headingId} onKeyDown={escape}>
      <h2 id={headingId}>{t('keys.heading')}</h2>
      {keys === null || editing ? (
        <>
          {keys === null && acted?.what === 'forgotten' && (
            <p className="notice" tabIndex={-1} ref={focusOutcome}>
              {t('keys.forgotten')}
            </p>
          )}
          <KeysForm />
        </>
      ) : (
        <div className="keys-summary">
          <p className="muted" tabIndex={-1} ref={focusOutcome}>
            {remembered ? t('keys.remembered') : t('keys.tabOnly')}
          </p>
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
