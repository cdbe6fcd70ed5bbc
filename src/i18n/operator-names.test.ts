import { describe, expect, it } from 'vitest';
import { findNames, loadTable, type MccMncTable } from './operator-names';

const small: MccMncTable = {
  countries: { '244': ['Finland', 'FI'] },
  operators: {
    '244-05': ['Elisa (Elisa Oyj)', 'Finland', 'FI'],
    '244-91': ['Telia (Telia Finland Oyj)', 'Finland', 'FI'],
    '310-010': ['Verizon', 'United States of America', 'US'],
    '310-10': ['Other', 'United States of America', 'US'],
  },
};

describe('findNames', () => {
  it('names the country in the chosen language and the operator', () => {
    expect(findNames(small, '244', '91', 'en-GB')).toEqual({
      country: 'Finland',
      operator: 'Telia (Telia Finland Oyj)',
    });
    expect(findNames(small, '244', '91', 'fi-FI').country).toBe('Suomi');
  });

  it('matches the MNC as written, then by value when that is unambiguous', () => {
    expect(findNames(small, '244', '05', 'en').operator).toBe('Elisa (Elisa Oyj)');
    expect(findNames(small, '244', '5', 'en').operator).toBe('Elisa (Elisa Oyj)');
    expect(findNames(small, '310', '10', 'en').operator).toBe('Other');
    expect(findNames(small, '310', '010', 'en').operator).toBe('Verizon');
  });

  it('knows nothing of an unknown pair', () => {
    expect(findNames(small, '999', '99', 'en')).toEqual({});
    expect(findNames(small, '244', '77', 'en')).toEqual({ country: 'Finland' });
  });

  it('the generated table holds the Finnish networks', async () => {
    const table = await loadTable();
    expect(findNames(table, '244', '91', 'en').operator).toMatch(/Telia/);
    expect(findNames(table, '244', '05', 'en').operator).toMatch(/Elisa/);
  });
});
