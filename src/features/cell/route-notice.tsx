import { cellIdProblemText } from '../../i18n/cell-id-problem';
import { useI18n } from '../../i18n/i18n';
import { useRoute } from '../../routing/address-bar';
import { useKeys } from '../../state/session';

export function RouteNotice() {
  const { t } = useI18n();
  const route = useRoute();
  const keys = useKeys();
  if (route.name === 'bad-cell') {
    const problems = Object.values(route.problems)
      .map((problem) => cellIdProblemText(problem, t))
      .join(' ');
    return (
      <div className="error-notice" role="alert">
        <p className="error-title">{t('route.badCell.title')}</p>
        <p>{t('route.badCell.body', { problems })}</p>
      </div>
    );
  }
  if (route.name === 'not-found') {
    return (
      <div className="error-notice" role="alert">
        <p className="error-title">{t('route.notFound.title')}</p>
        <p>
          {t('route.notFound.body')} <a href="/">{t('route.home')}</a>
        </p>
      </div>
    );
  }
  if (route.name === 'cell' && keys === null) {
    return <p className="notice">{t('route.waitingKeys')}</p>;
  }
  return null;
}
