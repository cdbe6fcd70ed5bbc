import type { ErrorContext } from './messages';
import { useI18n } from '../i18n/i18n';
import { describeError } from './messages';

export interface ErrorNoticeProps {
  error: unknown;
  context: ErrorContext;
  onRetry?: (() => void) | undefined;
  onOpenKeys?: (() => void) | undefined;
  retrying?: boolean;
}

/** A failed read, told where its data would have appeared, with the next step. */
export function ErrorNotice({ error, context, onRetry, onOpenKeys, retrying = false }: ErrorNoticeProps) {
  const { t } = useI18n();
  const message = describeError(error, context, t);
  return (
    <div className="error-notice" role="alert">
      <p className="error-title">{message.title}</p>
      <p>{message.body}</p>
      {message.action === 'retry' && onRetry && (
        <button type="button" className="button secondary" onClick={onRetry} disabled={retrying}>
          {retrying ? t('error.retrying') : t('error.retry')}
        </button>
      )}
      {message.action === 'keys' && onOpenKeys && (
        <button type="button" className="button secondary" onClick={onOpenKeys}>
          {t('error.checkKeys')}
        </button>
      )}
    </div>
  );
}
