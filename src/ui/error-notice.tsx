import { describeError, type ErrorContext } from '../i18n/error-message';
import { useI18n } from '../i18n/i18n';
import { appUpdate } from '../state/app-update';
import { useKeys, useSession } from '../state/session';
import type { FocusRef } from './focus';

export interface ErrorNoticeProps {
  error: unknown;
  context: Omit<ErrorContext, 'secrets'>;
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
  /** Given when the message is an action's outcome: focus is moved to it (useFocusOutcome). */
  focusRef?: FocusRef | undefined;
  /** Given when the message is a background read's, not an action's outcome: said politely (a status), so that
      it never interrupts, nor doubles an alert that an action of the person has raised for the same cause. */
  polite?: boolean;
}

export function ErrorNotice({
  error,
  context,
  onRetry,
  retrying = false,
  focusRef,
  polite = false,
}: ErrorNoticeProps) {
  const { t } = useI18n();
  const keys = useKeys();
  const openKeysForm = useSession().keys.openForm;
  // A service may echo what it was sent: the keys are never shown.
  const secrets = keys ? [keys.serviceKey, keys.userKey] : [];
  const message = describeError(error, { ...context, secrets }, t);
  return (
    <div
      className="error-notice"
      role={polite ? 'status' : 'alert'}
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
    >
      <p className="error-title">{message.title}</p>
      <p>{message.body}</p>
      {message.action === 'retry' && onRetry && (
        <button type="button" className="button secondary" onClick={onRetry} disabled={retrying}>
          {retrying ? t('error.retrying') : t('error.retry')}
        </button>
      )}
      {message.action === 'reload' && (
        <button type="button" className="button secondary" onClick={appUpdate.apply}>
          {t('status.reload')}
        </button>
      )}
      {message.action === 'keys' && (
        <button type="button" className="button secondary" onClick={openKeysForm}>
          {t('error.checkKeys')}
        </button>
      )}
    </div>
  );
}
