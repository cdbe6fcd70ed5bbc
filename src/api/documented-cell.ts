/**
 * The operator documentation's own example cell (Brändö, lac 0) as a database row holds it (numbers for the key,
 * lac and position): the demo data seeds it, and the tests' fixtures (src/api/fixtures/documented-cell.ts) take it
 * from here.
 */
export const DOCUMENTED_CELL_RECORD = Object.freeze({
  mcc: 244,
  mnc: 91,
  cellid: 10038,
  lac: 0,
  lat: 60.316391,
  lon: 20.994058,
  name: 'Brändö',
});
