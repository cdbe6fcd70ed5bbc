import type { Keys } from '../../api/types';
import { useI18n } from '../../i18n/i18n';

/** What the two keys are, and the demo keys as one click when the service runs on demo data. */
export function KeysIntro({
  demoKeys,
  onUse,
}: {
  demoKeys: Keys | undefined;
  onUse(keys: Keys, remember: boolean): void;
}) {
  const { t } = useI18n();
  return (
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
          <button type="button" className="button primary small" onClick={() => onUse(demoKeys, false)}>
            {t('keys.useDemo')}
          </button>
        </p>
      )}
    </div>
  );
}
