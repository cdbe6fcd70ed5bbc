type Country = [name: string, code: string];
type Operator = [name: string, country: string, code: string];

export interface MccMncTable {
  countries: Record<string, Country>;
  operators: Record<string, Operator>;
}

export interface NetworkNames {
  /** The country of the MCC, in the chosen language where Intl knows its ISO code. */
  country?: string;
  /** The operator of the MCC/MNC pair, as the list spells it. */
  operator?: string;
}

let table: Promise<MccMncTable> | undefined;

/** A separate chunk generated from mcc-mnc-list (scripts/mcc-mnc-table.mjs): never in the first load. */
export function loadTable(): Promise<MccMncTable> {
  table ??= import('./mcc-mnc-table.json').then((m) => m.default as unknown as MccMncTable);
  return table;
}

function countryName([name, code]: Country, locale: string): string {
  if (code === '') return name;
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code) ?? name;
  } catch {
    return name;
  }
}

/**
 * Names for an MCC/MNC pair. The MNC is matched as written first ("05" is not "5"), then by its value when the
 * list has exactly one network of that value under the MCC, so a service that drops the leading zero still finds it.
 */
export function findNames(data: MccMncTable, mcc: string, mnc: string, locale: string): NetworkNames {
  const names: NetworkNames = {};
  const country = data.countries[mcc];
  if (country) names.country = countryName(country, locale);
  let operator = data.operators[`${mcc}-${mnc}`];
  if (!operator && /^\d{1,3}$/.test(mnc)) {
    const value = Number(mnc);
    const same = Object.keys(data.operators).filter((key) => {
      const [keyMcc, keyMnc] = key.split('-');
      return keyMcc === mcc && Number(keyMnc) === value;
    });
    if (same.length === 1) operator = data.operators[same[0]!];
  }
  if (operator) {
    names.operator = operator[0];
    if (!country) names.country = countryName([operator[1], operator[2]], locale);
  }
  return names;
}
