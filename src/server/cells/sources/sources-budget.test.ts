import { describe, expect, it } from 'vitest';
import { cellQuestion } from '../../testing/cell-question';
import { createCellLookup } from './cell-lookup';
import type { CellQuestion, CellSource, SourceSpend, SourcesBudget } from './cell-source';

/** A budget that says what it was charged, and refuses once `room` is spent. */
function recordingBudget(room: number): SourcesBudget & { charged: string[] } {
  const charged: string[] = [];
  return {
    charged,
    spend(serviceKey): SourceSpend {
      charged.push(serviceKey);
      return charged.length <= room ? { ok: true } : { ok: false, retryAfterSeconds: 7 };
    },
  };
}

function source(name: CellSource['name'], live: boolean, asked: string[]): CellSource {
  return {
    name,
    live,
    ...(live && { needs: ['lac'] as const }),
    ask(question) {
      if (live && question.lac === undefined) return { kind: 'needs', fields: ['lac'] };
      asked.push(name);
      return { kind: 'not-found' };
    },
  };
}

const signal = new AbortController().signal;

function withoutLac(question: CellQuestion): CellQuestion {
  const copy = { ...question };
  delete copy.lac;
  return copy;
}

/* The sources get the budget once, when the mode is composed; each question names the key that pays. */
describe("the live sources' budget", () => {
  it('charges the question’s service key once per request a live source makes, and nothing else', async () => {
    const asked: string[] = [];
    const budget = recordingBudget(10);
    const lookup = createCellLookup({
      sources: [source('store', false, asked), source('opencellid', true, asked)],
      budget,
      log: () => undefined,
      nameOf: () => 'Helsinki',
    });
    await lookup(cellQuestion(7, { serviceKey: 'key-a', lac: 100 }), signal);
    // Without the LAC the live source makes no request: nothing is charged.
    await lookup(withoutLac(cellQuestion(7, { serviceKey: 'key-a' })), signal);
    // A question that names no key is not limited.
    await lookup(cellQuestion(7, { lac: 100 }), signal);
    expect(budget.charged).toEqual(['key-a']);
    expect(asked).toEqual(['store', 'opencellid', 'store', 'store', 'opencellid']);
  });

  it('does not ask a live source once the key’s budget is spent: a budget failure with its wait', async () => {
    const asked: string[] = [];
    const lookup = createCellLookup({
      sources: [source('opencellid', true, asked)],
      budget: recordingBudget(0),
      log: () => undefined,
      nameOf: () => 'Helsinki',
    });
    expect(await lookup(cellQuestion(7, { serviceKey: 'key-b', lac: 100 }), signal)).toEqual({
      kind: 'failed',
      failure: 'budget',
      retryAfterSeconds: 7,
      sources: ['opencellid'],
    });
    expect(asked).toEqual([]);
  });
});
