import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Keys } from '../../api/types';

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
  const headingId = useId();
  const showForm = keys === null || editing;
  return (
    <section className="panel-section keys-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Your keys</h2>
      {showForm ? (
        <KeysForm {...props} />
      ) : (
        <div className="keys-summary">
          <p className="muted">
            {remembered ? 'Keys are remembered on this device.' : 'Keys are kept for this browser tab only.'}
          </p>
          <div className="button-row">
            <button type="button" className="button secondary" onClick={props.onEdit}>
              Change keys
            </button>
            <button type="button" className="button secondary" onClick={props.onForget}>
              Forget keys
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
    if (service === '') next.serviceKey = 'Enter your service key.';
    if (user === '') next.userKey = 'Enter your user key.';
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
            The positioning service asks for two keys, both issued by the operator’s developer portal from the
            same developer account: a <strong>service key</strong> for your service, and a{' '}
            <strong>user key</strong> for you.
          </p>
          {demoKeys && (
            <p>
              This service runs on demo data.{' '}
              <button type="button" className="button primary small" onClick={() => onSave(demoKeys, false)}>
                Use demo keys
              </button>
            </p>
          )}
        </div>
      )}
      <form className="form" onSubmit={submit} noValidate aria-label="Keys">
        <div className="field">
          <label htmlFor={`${id}-service`}>Service key</label>
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
          <label htmlFor={`${id}-user`}>User key</label>
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
            Show keys
          </label>
          <label className="check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            Remember on this device
          </label>
        </div>
        <div className="button-row">
          <button type="submit" className="button primary">
            Save keys
          </button>
          {keys !== null && (
            <>
              <button type="button" className="button secondary" onClick={onCancel}>
                Cancel
              </button>
              <button type="button" className="button secondary" onClick={onForget}>
                Forget keys
              </button>
            </>
          )}
        </div>
      </form>
    </>
  );
}
