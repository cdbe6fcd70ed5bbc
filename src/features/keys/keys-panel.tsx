import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Keys } from '../../api/types';
import { useI18n } from '../../i18n/i18n';

export interface KeysPanelProps {
  keys: Keys | null;
  remembered: boolean;
  /** Offered as one click when the service runs on demo data. */
  demoKeys?: Keys | undefined;
  editing: boolean;
  onEdit(): void;
  onCancel(): void;
  onSave(keys: Keys, remember: boolean): void;
  onForget(): void;
  /** Changes when something (a 401 message, a deep link) asks for the keys form to take focus. */
  focusToken?: number;
  /** Why keys are asked for right now, e.g. a shared link waiting for them. */
  notice?: string | undefined;
}

export function KeysPanel(props: KeysPanelProps) {
  const { keys, remembered, editing } = props;
  const { t } = useI18n();
  const headingId = useId();
  const showForm = keys === null || editing;
  return (
    <section className="panel-section keys-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('keys.heading')}</h2>
      {showForm ? (
        <KeysForm {...props} />
      ) : (
        <div className="keys-summary">
          <p className="muted">{remembered ? t('keys.remembered') : t('keys.tabOnly')}</p>
          <div className="button-row">
            <button type="button" className="button secondary" onClick={props.onEdit}>
              {t('keys.change')}
            </button>
            <button type="button" className="button secondary" onClick={props.onForget}>
              {t('keys.forget')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

type FieldErrors = Partial<Record<keyof Keys, string>>;

function KeysForm({
  keys,
  remembered,
  demoKeys,
  onSave,
  onCancel,
  onForget,
  focusToken,
  notice,
}: KeysPanelProps) {
  const [serviceKey, setServiceKey] = useState(keys?.serviceKey ?? '');
  const [userKey, setUserKey] = useState(keys?.userKey ?? '');
  const [remember, setRemember] = useState(remembered);
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const serviceRef = useRef<HTMLInputElement>(null);
  const userRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const { t } = useI18n();

  useEffect(() => {
    if (focusToken !== undefined && focusToken > 0) {
      serviceRef.current?.focus();
      serviceRef.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [focusToken]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: FieldErrors = {};
    const service = serviceKey.trim();
    const user = userKey.trim();
    if (service === '') next.serviceKey = t('keys.serviceRequired');
    if (user === '') next.userKey = t('keys.userRequired');
    setErrors(next);
    if (next.serviceKey) serviceRef.current?.focus();
    else if (next.userKey) userRef.current?.focus();
    else onSave({ serviceKey: service, userKey: user }, remember);
  };

  return (
    <>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {keys === null && (
        <div className="keys-intro">
          <p>
            {t('keys.intro')
              .split(/(\{service\}|\{user\})/)
              .map((part, index) =>
                part === '{service}' ? (
                  <strong key={index}>{t('keys.intro.service')}</strong>
                ) : part === '{user}' ? (
                  <strong key={index}>{t('keys.intro.user')}</strong>
                ) : (
                  part
                ),
              )}
          </p>
          {demoKeys && (
            <p>
              {t('keys.demo')}{' '}
              <button type="button" className="button primary small" onClick={() => onSave(demoKeys, false)}>
                {t('keys.useDemo')}
              </button>
            </p>
          )}
        </div>
      )}
      <form className="form" onSubmit={submit} noValidate aria-label={t('keys.form')}>
        <div className="field">
          <label htmlFor={`${id}-service`}>{t('keys.service')}</label>
          <input
            id={`${id}-service`}
            ref={serviceRef}
            name="serviceKey"
            type={shown ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            value={serviceKey}
            onChange={(e) => setServiceKey(e.target.value)}
            aria-invalid={errors.serviceKey ? true : undefined}
            aria-describedby={errors.serviceKey ? `${id}-service-error` : undefined}
          />
          {errors.serviceKey && (
            <p id={`${id}-service-error`} className="field-error">
              {errors.serviceKey}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-user`}>{t('keys.user')}</label>
          <input
            id={`${id}-user`}
            ref={userRef}
            name="userKey"
            type={shown ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            value={userKey}
            onChange={(e) => setUserKey(e.target.value)}
            aria-invalid={errors.userKey ? true : undefined}
            aria-describedby={errors.userKey ? `${id}-user-error` : undefined}
          />
          {errors.userKey && (
            <p id={`${id}-user-error`} className="field-error">
              {errors.userKey}
            </p>
          )}
        </div>
        <div className="check-row">
          <label className="check">
            <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
            {t('keys.show')}
          </label>
          <label className="check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('keys.remember')}
          </label>
        </div>
        <div className="button-row">
          <button type="submit" className="button primary">
            {t('keys.save')}
          </button>
          {keys !== null && (
            <>
              <button type="button" className="button secondary" onClick={onCancel}>
                {t('common.cancel')}
              </button>
              <button type="button" className="button secondary" onClick={onForget}>
                {t('keys.forget')}
              </button>
            </>
          )}
        </div>
      </form>
    </>
  );
}
