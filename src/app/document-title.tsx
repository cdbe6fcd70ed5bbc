import { useEffect } from 'react';
import { cellLabel } from '../api/cell-id';
import { useI18n } from '../i18n/i18n';
import { afterNextPaint } from '../paint/after-paint';
import { useRoute } from '../routing/address-bar';

export function DocumentTitle() {
  const { t } = useI18n();
  const route = useRoute();
  const cell = route.name === 'cell' ? cellLabel(route.id) : undefined;
  // After the frame: a new title is work for the browser, and nothing in the page waits for it.
  useEffect(
    () =>
      afterNextPaint(() => {
        document.title = cell ? t('app.title.cell', { cell }) : t('app.title.home');
      }),
    [cell, t],
  );
  return null;
}
