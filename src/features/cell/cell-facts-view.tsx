import type { CellFacts, FactLink } from '../../api/cell-facts';
import { useI18n } from '../../i18n/i18n';
import { sourceName } from '../../i18n/source-name';
import { ageText } from '../../i18n/time-span';

function Outside({ link }: { link: FactLink }) {
  const { t } = useI18n();
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer">
      {link.title} <span className="visually-hidden">{t('share.newTab')}</span>
    </a>
  );
}

/** What the answer's headers said: the source with its credit and licence, and the source's facts. */
export function CellFactsView({ facts }: { facts: CellFacts }) {
  const { t, formatDistance, formatNumber, formatDateTime } = useI18n();
  const source = sourceName(facts.source, t);
  return (
    <div className="source-facts" role="group" aria-label={t('facts.heading')}>
      <h3>{t('facts.heading')}</h3>
      <ul>
        <li>{t('facts.source', { source })}</li>
        {facts.author && (
          <li>
            {t('facts.credit')} <Outside link={facts.author} />
          </li>
        )}
        {facts.license && (
          <li>
            {t('facts.license')} <Outside link={facts.license} />
          </li>
        )}
        {facts.rangeMeters !== undefined && (
          <li>{t('facts.range', { distance: formatDistance(facts.rangeMeters) })}</li>
        )}
        {facts.accuracyMeters !== undefined && (
          <li>
            {t('facts.accuracy', { distance: formatDistance(facts.accuracyMeters) })}
            <p className="field-help">{t('facts.estimate')}</p>
          </li>
        )}
        {facts.samples !== undefined && <li>{t('facts.samples', { count: formatNumber(facts.samples) })}</li>}
        {facts.radio !== undefined && <li>{t('facts.radio', { radio: facts.radio })}</li>}
        {facts.updated !== undefined && (
          <li>{t('facts.updated', { date: formatDateTime(Date.parse(facts.updated)) })}</li>
        )}
        {facts.ageSeconds !== undefined && (
          <li>{t('facts.cached', { age: ageText(facts.ageSeconds, t) })}</li>
        )}
      </ul>
    </div>
  );
}
