import { useEffect, useId, useState } from 'react';
import type { Cell, CellHints } from '../../api/types';
import { useI18n } from '../../i18n/i18n';
import { useMapFocus } from '../../state/session';
import { cellLink, cellMapperUrl, coordinatesText, openCellIdUrl, openStreetMapUrl } from './links';

/** The one part of the panels that follows the map's view ("Include map view"). */
export function CellShare({ cell, hints }: { cell: Cell; hints?: CellHints }) {
  const { t } = useI18n();
  const view = useMapFocus((focus) => focus.view);
  const [includeView, setIncludeView] = useState(false);
  const [status, setStatus] = useState<'' | 'copied' | 'failed'>('');
  const id = useId();

  useEffect(() => {
    if (status === '') return;
    const timer = window.setTimeout(() => setStatus(''), 4000);
    return () => window.clearTimeout(timer);
  }, [status]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };

  const link = cellLink(window.location.origin, cell, includeView ? view : undefined, hints);
  const outside = [
    { href: openStreetMapUrl(cell), label: t('share.osm') },
    { href: openCellIdUrl(cell), label: t('share.opencellid') },
    { href: cellMapperUrl(cell), label: t('share.cellmapper') },
  ];

  return (
    <div className="share" role="group" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('share.heading')}</h3>
      <div className="button-row">
        <button type="button" className="button secondary" onClick={() => void copy(link)}>
          {t('share.copyLink')}
        </button>
        <button type="button" className="button secondary" onClick={() => void copy(coordinatesText(cell))}>
          {t('share.copyCoords')}
        </button>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={includeView}
          disabled={view === undefined}
          onChange={(e) => setIncludeView(e.target.checked)}
        />
        {t('share.includeView')}
      </label>
      <p className="status-line" role="status">
        {status === 'copied' ? t('share.copied') : status === 'failed' ? t('share.copyFailed') : ''}
      </p>
      <ul className="outside-links">
        {outside.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label} <span className="visually-hidden">{t('share.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
