import type { Bbox } from './bbox';
import { isTree, jsonObject, own, text, type Tree } from './codec';
import { malformed } from './errors';
import type { Format } from './types';
import { xmlDocument, type Fields } from './xml';

/**
 * Cells in view as counts (docs/api-notes.md): where a view holds more matching cells than `limit`, the service
 * answers how many lie in each square of the map's tiles at `zoom` (two zooms finer than the map's), with their mean
 * position, rather than a sample of them. The squares cover the box asked for whole, so the counts are of `box`,
 * a little more than asked; `total` is their sum.
 */
export interface CellCounts {
  zoom: number;
  total: number;
  limit: number;
  box: Bbox;
  /** The operators of the counted cells, with how many each (in code order): what the view offers to filter by. */
  operators: OperatorInView[];
  squares: SquareInView[];
}

/** An operator of the counted cells: its codes, as the cells' answer writes them, and how many of its cells. */
export interface OperatorInView {
  mcc: string;
  mnc: string;
  count: number;
}

/** A square of the grid: its column and row at the answer's zoom, how many cells, and where they lie on average. */
export interface SquareInView {
  x: number;
  y: number;
  count: number;
  position: { lat: number; lon: number };
}

const degrees = (value: number): string => String(Number(value.toFixed(6)));

function squareFields(square: SquareInView): Fields {
  return [
    ['x', String(square.x)],
    ['y', String(square.y)],
    ['count', String(square.count)],
    ['lat', degrees(square.position.lat)],
    ['lon', degrees(square.position.lon)],
  ];
}

const operatorFields = (operator: OperatorInView): Fields => [
  ['mcc', operator.mcc],
  ['mnc', operator.mnc],
  ['count', String(operator.count)],
];

/**
 * `<counts>` holding `<zoom>`, `<total>`, `<limit>`, `<box>` (west, south, east, north), one `<operator>` per
 * operator counted, then one `<square>` per square holding a matching cell; in JSON
 * `{"counts":{…,"operator":[…],"square":[…]}}`, every value a string, `operator` and `square` always lists.
 */
export function encodeCounts(counts: CellCounts, format: Format): string {
  const head: Fields = [
    ['zoom', String(counts.zoom)],
    ['total', String(counts.total)],
    ['limit', String(counts.limit)],
    [
      'box',
      [
        ['west', degrees(counts.box.west)],
        ['south', degrees(counts.box.south)],
        ['east', degrees(counts.box.east)],
        ['north', degrees(counts.box.north)],
      ],
    ],
  ];
  if (format === 'xml')
    return xmlDocument('counts', [
      ...head,
      ...counts.operators.map((o) => ['operator', operatorFields(o)] as const),
      ...counts.squares.map((s) => ['square', squareFields(s)] as const),
    ]);
  const operator = counts.operators.map((one, i) => jsonObject(operatorFields(one), `counts.operator[${i}]`));
  const square = counts.squares.map((one, i) => jsonObject(squareFields(one), `counts.square[${i}]`));
  return JSON.stringify({ counts: { ...jsonObject(head, 'counts'), operator, square } });
}

function whole(tree: Tree, field: string, path: string): number {
  const value = text(tree, field, path);
  if (!/^\d{1,12}$/.test(value)) throw malformed(`${path}.${field}`, 'is not a whole number');
  return Number(value);
}

function decimal(tree: Tree, field: string, path: string, limit: number): number {
  const value = Number(text(tree, field, path));
  if (!Number.isFinite(value) || Math.abs(value) > limit)
    throw malformed(`${path}.${field}`, `is not a number from -${limit} to ${limit}`);
  return value;
}

function readSquare(item: unknown, path: string): SquareInView {
  if (!isTree(item)) throw malformed(path, 'must be an object with fields');
  return {
    x: whole(item, 'x', path),
    y: whole(item, 'y', path),
    count: whole(item, 'count', path),
    position: { lat: decimal(item, 'lat', path, 90), lon: decimal(item, 'lon', path, 180) },
  };
}

function readOperator(item: unknown, path: string): OperatorInView {
  if (!isTree(item)) throw malformed(path, 'must be an object with fields');
  const code = (field: 'mcc' | 'mnc') => {
    const value = text(item, field, path);
    if (!/^\d{1,3}$/.test(value)) throw malformed(`${path}.${field}`, 'is not a code of 1 to 3 digits');
    return value;
  };
  return { mcc: code('mcc'), mnc: code('mnc'), count: whole(item, 'count', path) };
}

/** A repeated field as a list: absent or empty is none, one is a list of one (XML has no lists). */
function listOf(root: Tree, field: string): unknown[] {
  const list = own(root, field);
  return list === undefined || list === null || list === '' ? [] : Array.isArray(list) ? list : [list];
}

/** Reads the `counts` root of a cells-in-view answer; throws a `malformed` ApiError naming the field. */
export function readCounts(root: Tree): CellCounts {
  const box = own(root, 'box');
  if (!isTree(box)) throw malformed('counts.box', 'is missing');
  return {
    zoom: whole(root, 'zoom', 'counts'),
    total: whole(root, 'total', 'counts'),
    limit: whole(root, 'limit', 'counts'),
    box: {
      west: decimal(box, 'west', 'counts.box', 180),
      south: decimal(box, 'south', 'counts.box', 90),
      east: decimal(box, 'east', 'counts.box', 180),
      north: decimal(box, 'north', 'counts.box', 90),
    },
    operators: listOf(root, 'operator').map((item, i) => readOperator(item, `counts.operator[${i}]`)),
    squares: listOf(root, 'square').map((item, i) => readSquare(item, `counts.square[${i}]`)),
  };
}
