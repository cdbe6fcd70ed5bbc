import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../state/session';

/** Forgets the keys everywhere, and every answer read with them. */
export function ForgetKeys() {
  const { t } = useI18n();
  const { keys } = useSession();
  return (
    <button type="button" className="button secondary" onClick={keys.forget}>
      {t('keys.forget')}
    </button>
  );
}
