import { Fragment } from 'react';
import type { RawResponse } from '../api/errors';
import { useI18n } from '../i18n/i18n';
import { prettyBody } from './pretty';

/** The last answer as it came, for people checking their own integration. Text only, never markup. */
export function RawResponseView({ raw }: { raw: RawResponse | 'no-answer' | 'from-history' | undefined }) {
  const { t } = useI18n();
  if (raw === undefined) return <p className="muted">{t('raw.none')}</p>;
  if (raw === 'from-history') return <p className="muted">{t('raw.fromHistory')}</p>;
  if (raw === 'no-answer') return <p className="muted">{t('raw.noAnswer')}</p>;
  return (
    <div className="raw">
      <dl className="fields compact">
        <dt>{t('raw.status')}</dt>
        <dd className="mono">{raw.status}</dd>
        <dt>{t('raw.contentType')}</dt>
        <dd className="mono">{raw.contentType || t('raw.contentTypeNone')}</dd>
        <dt>{t('raw.url')}</dt>
        <dd className="mono break">{raw.url}</dd>
        <dt>{t('raw.time')}</dt>
        <dd className="mono">{t('raw.duration', { ms: raw.durationMs })}</dd>
      </dl>
      {raw.headers && raw.headers.length > 0 && (
        <dl className="fields compact" aria-label={t('raw.headers')}>
          {raw.headers.map(([name, value]) => (
            <Fragment key={name}>
              <dt className="mono">{name}</dt>
              <dd className="mono break">{value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      {raw.truncated && <p className="muted">{t('raw.truncated')}</p>}
      {/* Focusable so keyboard users can scroll a long body (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre className="raw-body" tabIndex={0} aria-label={t('raw.body')}>
        {raw.body === '' ? t('raw.emptyBody') : prettyBody(raw.body, raw.contentType)}
      </pre>
    </div>
  );
}
