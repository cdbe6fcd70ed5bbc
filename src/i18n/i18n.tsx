import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { INTL_TAG, isLocale, pickLocale, translator, type Locale, type Translate } from './translate';

export const LOCALE_STORAGE_KEY = 'cellpos.locale';

export interface I18n {
  locale: Locale;
  setLocale(locale: Locale): void;
  t: Translate;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatDateTime(date: Date | number): string;
  formatTime(date: Date | number): string;
  /** Distance in metres, as "850 m" or "12.3 km" in the chosen language. */
  formatDistance(metres: number): string;
  /**
   * A decimal as the service wrote it ("60.316391"), every digit kept, with the chosen language's decimal mark
   * ("60,316391" in Finnish), as its distances have. The sign stays the hyphen-minus the service wrote, so a copied
   * value still reads as a number elsewhere.
   */
  formatDecimalText(text: string): string;
  /** A position's latitude and longitude as a pair, each as formatDecimalText writes it. */
  formatCoordinates(lat: string, lon: string): string;
}

function storedLocale(): Locale | undefined {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function initialLocale(): Locale {
  return storedLocale() ?? pickLocale(typeof navigator === 'undefined' ? undefined : navigator.languages);
}

export function makeI18n(locale: Locale, setLocale: (locale: Locale) => void): I18n {
  const tag = INTL_TAG[locale];
  // Made at first use, not here: the first Intl object a page makes loads the locale's data, and this runs
  // while the main script is evaluated and during the first render, which shows no date.
  let dateTime: Intl.DateTimeFormat | undefined;
  let time: Intl.DateTimeFormat | undefined;
  let decimalMark: string | undefined;
  // Making an Intl.NumberFormat costs far more than using one: one per set of options.
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const formatNumber = (value: number, options?: Intl.NumberFormatOptions) => {
    const key = options === undefined ? '' : JSON.stringify(options);
    let format = numberFormats.get(key);
    if (format === undefined) {
      format = new Intl.NumberFormat(tag, options);
      numberFormats.set(key, format);
    }
    return format.format(value);
  };
  const formatDecimalText = (text: string) => {
    decimalMark ??= formatNumber(1.5).replace(/\d/g, '');
    return decimalMark === '.' ? text : text.replace('.', decimalMark);
  };
  const t = translator(locale);
  return {
    locale,
    setLocale,
    t,
    formatNumber,
    formatDecimalText,
    formatCoordinates: (lat, lon) =>
      t('field.coordinates', { lat: formatDecimalText(lat), lon: formatDecimalText(lon) }),
    formatDateTime: (date) =>
      (dateTime ??= new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'medium' })).format(date),
    formatTime: (date) => (time ??= new Intl.DateTimeFormat(tag, { timeStyle: 'medium' })).format(date),
    formatDistance: (metres) =>
      metres < 1000
        ? formatNumber(Math.round(metres), { style: 'unit', unit: 'meter' })
        : formatNumber(metres / 1000, {
            style: 'unit',
            unit: 'kilometer',
            maximumFractionDigits: metres < 100_000 ? 1 : 0,
          }),
  };
}

const I18nContext = createContext<I18n | null>(null);

/** The UI language: remembered on this device, else the browser's preference; sets `<html lang>`. */
export function I18nProvider({ children, locale: fixed }: { children: ReactNode; locale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => fixed ?? initialLocale());
  const setLocale = useCallback((next: Locale) => {
    setLocaleState(next);
    try {
      window.localStorage.setItem(LOCALE_STORAGE_KEY, next);
    } catch {
      // Unavailable storage: the choice lasts for this page only.
    }
  }, []);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo(() => makeI18n(locale, setLocale), [locale, setLocale]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

const fallback = makeI18n('en', () => undefined);

/** The chosen language's texts and formats. Outside a provider (unit tests of one component): English. */
export function useI18n(): I18n {
  return use(I18nContext) ?? fallback;
}
