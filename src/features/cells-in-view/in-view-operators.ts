import type { CellsInView } from '../../api/cells-in-view';
import type { InViewChoice } from '../../state/in-view-choice';

export interface Operator {
  mcc: string;
  mnc: string;
}

export const operatorKey = (op: Operator) => `${op.mcc}-${op.mnc}`;

const code = (op: Operator) => Number(op.mcc) * 1000 + Number(op.mnc);

/**
 * The operators a view offers to filter by, in code order: those of the answers' cells, or, where an answer is
 * counts (a view too crowded to draw cell by cell), those the counts name; and the one chosen, always.
 */
export function operatorsOf(
  answers: ReadonlyArray<CellsInView | undefined>,
  chosen: InViewChoice['operator'],
): Operator[] {
  const found = new Map<string, Operator>();
  if (chosen) found.set(operatorKey(chosen), { mcc: chosen.mcc, mnc: chosen.mnc });
  for (const answer of answers) {
    if (answer === undefined) continue;
    for (const op of [...answer.cells, ...(answer.counts?.operators ?? [])])
      found.set(operatorKey(op), { mcc: op.mcc, mnc: op.mnc });
  }
  return [...found.values()].sort((a, b) => code(a) - code(b));
}
