/** The reference the cells-in-view benches print beside a read: a plain SQL count(*) of `cells`, its WHERE. */
import type { Bbox } from '../src/api/cells-in-view';

/** What a view's reference counts: the squares' box (what the counts count) and the view's filters. */
export interface Asked {
  box: Bbox;
  mcc?: number;
  mnc?: number;
  radio?: number;
}

/** The WHERE of a plain count over `asked`, with `?` or `$n` parameters as the engine spells them. */
export function countWhere(asked: Asked, mark: (n: number) => string): { where: string; values: number[] } {
  const { west, south, east, north } = asked.box;
  const values = [west, east, south, north];
  let where = `lon BETWEEN ${mark(1)} AND ${mark(2)} AND lat BETWEEN ${mark(3)} AND ${mark(4)}`;
  for (const [column, value] of [
    ['mcc', asked.mcc],
    ['mnc', asked.mnc],
    ['radio', asked.radio],
  ] as const) {
    if (value === undefined) continue;
    values.push(value);
    where += ` AND ${column} = ${mark(values.length)}`;
  }
  return { where, values };
}
