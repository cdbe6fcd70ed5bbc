import type { I18n } from '../../i18n/i18n';

/** A time span as "42 s" or "3 min 5 s", in the chosen language. */
export function duration(ms: number, formatNumber: I18n['formatNumber']): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const unit = (value: number, name: 'second' | 'minute') =>
    formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
  if (seconds < 60) return unit(seconds, 'second');
  return `${unit(Math.floor(seconds / 60), 'minute')} ${unit(seconds % 60, 'second')}`;
}
