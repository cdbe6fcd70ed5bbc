import { useEffect } from 'react';
import { cellLabel } from '../api/cell-id';
import { useI18n } from '../i18n/i18n';
import { useRoute } from '../session/route';

export function DocumentTitle() {
  const { t } = useI18n();
  const route = useRoute();
  const cell = route.name === 'cell' ? cellLabel(route.id) : undefined;
  useEffect(() => {
    document.title = cell ? t('app.title.cell', { cell }) : t('app.title.home');
  }, [cell, t]);
  return null;
}
