import { describe, expect, it } from 'vitest';
import { decodeCells, encodeCells } from './cells-codec';
import type { CellsInView } from './cells-in-view';
import { XML_DECLARATION } from './codec';
import { ApiError } from './errors';
import { DOCUMENTED_CELL, DOCUMENTED_CELL_FIELDS } from './fixtures/documented-cell';
import type { Format } from './types';

const other = {
  ...DOCUMENTED_CELL,
  cellid: '400101',
  name: 'Tampere <Keskusta> & "asema"',
  radio: 'LTE' as const,
  range: 1250,
};

const answers: Record<string, CellsInView> = {
  none: { cells: [], truncated: false, limit: 1000 },
  one: { cells: [DOCUMENTED_CELL], truncated: false, limit: 1000 },
  two: { cells: [DOCUMENTED_CELL, other], truncated: true, limit: 2 },
};

function failure(body: string, contentType: string): ApiError {
  try {
    decodeCells(body, contentType);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a malformed answer');
}

describe('the cells-in-view answer', () => {
  for (const format of ['xml', 'json'] as Format[]) {
    for (const [name, answer] of Object.entries(answers)) {
      it(`${format}, ${name}: decodes to what was encoded`, () => {
        const type = format === 'xml' ? 'application/xml' : 'application/json';
        expect(decodeCells(encodeCells(answer, format), type)).toEqual(answer);
      });
    }
  }

  it('XML in the document’s style: declaration, four spaces, <truncated> and <limit> before the cells', () => {
    const xml = encodeCells(answers.two!, 'xml');
    expect(
      xml.startsWith(`${XML_DECLARATION}\n<cells>\n    <truncated>true</truncated>\n    <limit>2</limit>\n`),
    ).toBe(true);
    expect(xml).toContain(
      '        <name>Tampere &lt;Keskusta&gt; &amp; &quot;asema&quot;</name>\n        <radio>LTE</radio>\n        <range>1250</range>\n    </cell>\n</cells>\n',
    );
  });

  it('JSON: one top-level key, every value a string, cell always a list', () => {
    const json = JSON.parse(encodeCells(answers.one!, 'json'));
    expect(json).toEqual({
      cells: {
        truncated: 'false',
        limit: '1000',
        cell: [DOCUMENTED_CELL_FIELDS],
      },
    });
  });

  it('leaves out a radio or range it does not know, rather than refusing the answer', () => {
    const json = JSON.stringify({
      cells: {
        truncated: 'false',
        limit: '5',
        cell: [
          { ...JSON.parse(encodeCells(answers.one!, 'json')).cells.cell[0], radio: 'CDMA', range: 'far' },
        ],
      },
    });
    expect(decodeCells(json, 'application/json').cells[0]).toEqual(DOCUMENTED_CELL);
  });

  it.each([
    ['a wrong root', '{"cell":{}}', 'cells'],
    ['no truncated', '{"cells":{"limit":"5","cell":[]}}', 'cells.truncated'],
    [
      'a truncated that is not true or false',
      '{"cells":{"truncated":"yes","limit":"5","cell":[]}}',
      'cells.truncated',
    ],
    [
      'a limit that is not a number',
      '{"cells":{"truncated":"true","limit":"many","cell":[]}}',
      'cells.limit',
    ],
    [
      'a cell without lat',
      '{"cells":{"truncated":"true","limit":"5","cell":[{"lon":"1"}]}}',
      'cells.cell[0].lat',
    ],
    ['a cell that is text', '{"cells":{"truncated":"true","limit":"5","cell":["x"]}}', 'cells.cell[0]'],
  ])('names the field when %s', (_what, body, field) => {
    expect(failure(body, 'application/json').field).toBe(field);
  });

  it('reads answers far above the 64 kB of the two reads (10,000 cells), and refuses one over 8 MB', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ ...DOCUMENTED_CELL, cellid: String(i) }));
    const xml = encodeCells({ cells: many, truncated: true, limit: 10_000 }, 'xml');
    expect(xml.length).toBeGreaterThan(64 * 1024);
    expect(decodeCells(xml, 'application/xml').cells).toHaveLength(10_000);
    expect(failure(' '.repeat(8 * 1024 * 1024 + 1), 'application/json').field).toBe('body');
  });
});
