import { en, type Catalog, type MessageKey } from './en';
import { fi } from './fi';

export type Locale = 'en' | 'fi';
export const LOCALES: readonly Locale[] = ['en', 'fi'];
export type Params = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, params?: Params) => string;

const CATALOGS: Record<Locale, Catalog> = { en, fi };

export const INTL_TAG: Record<Locale, string> = { en: 'en-GB', fi: 'fi-FI' };

/** Fills `{name}` placeholders; a placeholder without a value stays visible rather than reading "undefined". */
export function fill(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

export function translator(locale: Locale): Translate {
  const catalog = CATALOGS[locale];
  return (key, params) => fill(catalog[key] ?? en[key], params);
}

/** English, for code that runs outside the React tree (and as the default in tests). */
export const tEn: Translate = translator('en');

/** Finnish for any fi* language the browser prefers first among the two we have; English otherwise. */
export function pickLocale(languages: readonly string[] | undefined): Locale {
  for (const language of languages ?? []) {
    const tag = language.toLowerCase();
    if (tag === 'fi' || tag.startsWith('fi-')) return 'fi';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fi';
}

export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
}
