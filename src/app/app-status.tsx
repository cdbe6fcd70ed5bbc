import { useI18n } from '../i18n/i18n';
import { appUpdate, useAppUpdate } from '../state/app-update';
import { useOnline } from '../state/online';

/**
 * What the whole page must know: that there is no connection (the shell and the history still work), and that
 * a newer version is waiting or the service has moved on. Always in the page, so that a change is announced.
 */
export function AppStatus() {
  const { t } = useI18n();
  const online = useOnline();
  const { outdated, ready } = useAppUpdate();
  const update = outdated ? t('status.outdated') : ready ? t('status.updateReady') : undefined;
  return (
    <div className="app-status" role="status">
      {!online && <p className="app-status-line offline">{t('status.offline')}</p>}
      {update !== undefined && (
        <p className="app-status-line update">
          {update}{' '}
          <button type="button" className="button small" onClick={appUpdate.apply}>
            {t('status.reload')}
          </button>
        </p>
      )}
    </div>
  );
}
