/**
 * Writes src/i18n/mcc-mnc-table.json from the mcc-mnc-list package: the country of each MCC (the one most
 * of its networks name) and the operator of each MCC/MNC pair, keyed by the list's own text (mnc "05" stays "05").
 * Run after upgrading mcc-mnc-list: node scripts/mcc-mnc-table.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const list = JSON.parse(readFileSync(require.resolve('mcc-mnc-list/mcc-mnc-list.json'), 'utf8'));

const countryVotes = new Map();
const operators = {};
for (const entry of list) {
  if (!/^\d{3}$/.test(entry.mcc) || !/^\d{1,3}$/.test(entry.mnc)) continue;
  const country = [entry.countryName, /^[A-Z]{2}$/.test(entry.countryCode) ? entry.countryCode : ''];
  const votes = countryVotes.get(entry.mcc) ?? new Map();
  const key = country.join('|');
  votes.set(key, (votes.get(key) ?? 0) + 1);
  countryVotes.set(entry.mcc, votes);
  const brand = (entry.brand ?? '').trim();
  const operator = (entry.operator ?? '').trim();
  const name = brand && operator && brand !== operator ? `${brand} (${operator})` : brand || operator;
  const pair = `${entry.mcc}-${entry.mnc}`;
  if (name && !(pair in operators)) operators[pair] = [name, ...country];
}
const countries = {};
for (const [mcc, votes] of [...countryVotes].sort()) {
  const [best] = [...votes].sort((a, b) => b[1] - a[1]);
  countries[mcc] = best[0].split('|');
}
const out = new URL('../src/i18n/mcc-mnc-table.json', import.meta.url);
writeFileSync(out, JSON.stringify({ countries, operators }) + '\n');
console.log(`${Object.keys(countries).length} countries, ${Object.keys(operators).length} operators`);
