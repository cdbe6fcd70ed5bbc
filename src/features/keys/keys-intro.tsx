import { cellLabel } from '../../api/cell-id';
import { useI18n } from '../../i18n/i18n';
import { useRoute } from '../../routing/address-bar';
import { useMapFocus, useSession } from '../../state/session';
import { useFocusOutcome } from '../../ui/focus';
import { useSettings } from '../../state/settings';

export function KeysIntro() {
  const { t } = useI18n();
  const route = useRoute();
  const { demoKeys } = useSettings().settings;
  const { keys } = useSession();
  // A lookup without keys: what it waits for takes focus (the Cell ID field would be left out of sight).
  const lookups = useMapFocus((focus) => focus.flights);
  const focusNotice = useFocusOutcome(route.name === 'cell' ? lookups : undefined, { fromAnywhere: true });
  return (
    <>
      {route.name === 'cell' && (
        <p className="notice" role="status" tabIndex={-1} ref={focusNotice}>
          {t('app.keysNotice', { cell: cellLabel(route.id) })}
        </p>
      )}
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
            <button type="button" className="button primary small" onClick={() => keys.save(demoKeys, false)}>
              {t('keys.useDemo')}
            </button>
          </p>
        )}
      </div>
    </>
  );
}
