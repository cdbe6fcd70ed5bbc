import { useEffect, useState } from 'react';
import { tEn, type Translate } from '../../i18n/translate';

export function useNow(everyMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, active]);
  return now;
}

export function formatAge(ms: number, t: Translate = tEn): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return t('age.seconds', { n: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('age.minutes', { n: minutes });
  return t('age.hours', { n: Math.floor(minutes / 60) });
}
