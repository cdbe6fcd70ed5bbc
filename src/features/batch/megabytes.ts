import type { I18n } from '../../i18n/i18n';

export function megabytes(bytes: number, formatNumber: I18n['formatNumber']): string {
  return formatNumber(bytes / 1_000_000, { maximumFractionDigits: 1 });
}
