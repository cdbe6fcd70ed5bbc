import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import type { Keys } from '../../api/types';
import { useI18n } from '../../i18n/i18n';
import { useKeysState, useSession } from '../../state/session';
import { ForgetKeys } from './forget-keys';
import { checkKey } from './key-check';
import { KeysIntro } from './keys-intro';

type FieldErrors = Partial<Record<keyof Keys, string>>;

const KEY_NAMES = ['serviceKey', 'userKey'] as const;

export function KeysForm() {
  const { t } = useI18n();
  const { keys, remembered, formRequests } = useKeysState();
  const store = useSession().keys;
  const [values, setValues] = useState<Keys>({
    serviceKey: keys?.serviceKey ?? '',
    userKey: keys?.userKey ?? '',
  });
  const [remember, setRemember] = useState(remembered);
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputs = useRef<Record<keyof Keys, HTMLInputElement | null>>({ serviceKey: null, userKey: null });

  useEffect(() => {
    if (formRequests === 0) return;
    inputs.current.serviceKey?.focus();
    inputs.current.serviceKey?.scrollIntoView({ block: 'nearest' });
  }, [formRequests]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: FieldErrors = {};
    const service = checkKey('serviceKey', values.serviceKey, t);
    const user = checkKey('userKey', values.userKey, t);
    if (!service.ok) next.serviceKey = service.error;
    if (!user.ok) next.userKey = user.error;
    setErrors(next);
    if (!service.ok) inputs.current.serviceKey?.focus();
    else if (!user.ok) inputs.current.userKey?.focus();
    else store.save({ serviceKey: service.key, userKey: user.key }, remember);
  };

  return (
    <>
      {keys === null && <KeysIntro />}
      <form className="form" onSubmit={submit} noValidate aria-label={t('keys.form')}>
        {KEY_NAMES.map((name) => (
          <KeyField
            key={name}
            name={name}
            value={values[name]}
            onChange={(value) => setValues((given) => ({ ...given, [name]: value }))}
            error={errors[name]}
            inputRef={(input) => {
              inputs.current[name] = input;
            }}
            shown={shown}
          />
        ))}
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
              <button type="button" className="button secondary" onClick={store.closeForm}>
                {t('common.cancel')}
              </button>
              <ForgetKeys />
            </>
          )}
        </div>
      </form>
    </>
  );
}

interface KeyFieldProps {
  name: keyof Keys;
  value: string;
  onChange(value: string): void;
  shown: boolean;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
}

function KeyField({ name, value, onChange, shown, error, inputRef }: KeyFieldProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{name === 'serviceKey' ? t('keys.service') : t('keys.user')}</label>
      <input
        id={id}
        ref={inputRef}
        name={name}
        type={shown ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
