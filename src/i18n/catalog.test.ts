import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fi } from './fi';
import { fill, pickLocale, placeholders, translator } from './translate';

describe('catalogs', () => {
  const keys = Object.keys(en) as (keyof typeof en)[];

  it('Finnish has exactly the English keys', () => {
    expect(Object.keys(fi).sort()).toEqual([...keys].sort());
  });

  for (const key of keys) {
    it(`${key}: Finnish is not empty and has the same placeholders`, () => {
      expect(fi[key].trim()).not.toBe('');
      expect(placeholders(fi[key])).toEqual(placeholders(en[key]));
    });
  }
});

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill('Cell {cell} of {n}', { cell: 'a', n: 2 })).toBe('Cell a of {n}'.replace('{n}', '2'));
    expect(fill('Cell {cell}', {})).toBe('Cell {cell}');
  });

  it('looks keys up in the chosen catalog', () => {
    expect(translator('fi')('app.map')).toBe('Kartta');
    expect(translator('en')('app.map')).toBe('Map');
  });

  it('picks Finnish for fi*, English otherwise', () => {
    expect(pickLocale(['fi-FI', 'en'])).toBe('fi');
    expect(pickLocale(['fi'])).toBe('fi');
    expect(pickLocale(['en-US', 'fi'])).toBe('en');
    expect(pickLocale(['sv-SE', 'fi-FI'])).toBe('fi');
    expect(pickLocale(['de'])).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
});
