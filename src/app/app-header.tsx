import { useId } from 'react';
import { useI18n } from '../i18n/i18n';
import { LOCALES, type Locale } from '../i18n/translate';
import { useFormat } from '../state/session';

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fi: 'Suomi' };

export function AppHeader() {
  const { t } = useI18n();
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <div>
          <h1>{t('app.name')}</h1>
          <p className="tagline">{t('app.tagline')}</p>
        </div>
      </div>
      <div className="header-controls">
        <LanguageField />
        <FormatField />
      </div>
    </header>
  );
}

function LanguageField() {
  const { locale, setLocale, t } = useI18n();
  const id = useId();
  return (
    <div className="inline-field language-field">
      <label htmlFor={id}>{t('app.language')}</label>
      <select id={id} value={locale} onChange={(e) => setLocale(e.target.value === 'fi' ? 'fi' : 'en')}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

function FormatField() {
  const { t } = useI18n();
  const id = useId();
  const [format, setFormat] = useFormat();
  return (
    <div className="inline-field format-field">
      <label htmlFor={id}>{t('app.format')}</label>
      <select id={id} value={format} onChange={(e) => setFormat(e.target.value === 'json' ? 'json' : 'xml')}>
        <option value="xml">XML</option>
        <option value="json">JSON</option>
      </select>
    </div>
  );
}
