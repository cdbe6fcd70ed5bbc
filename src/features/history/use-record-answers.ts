import { useEffect } from 'react';
import type { CellFacts } from '../../api/cell-facts';
import type { Cell, Location } from '../../api/types';
import { afterNextPaint } from '../../paint/after-paint';
import { history } from './history-storage';

/**
 * Every answer goes to the history (never keys); the same answer again only moves to the top. After the frame
 * that shows the answer: the storage write and the history's own list need not hold it up. `owner` is the
 * fingerprint of the keys the answers were read with: one that comes to be written after they were forgotten is
 * not written into the next user's history.
 */
export function useRecordAnswers(
  phone: { answer: Location | undefined; at: number },
  cell: { answer: Cell | undefined; at: number; facts?: CellFacts | undefined },
  owner: string | null,
): void {
  const { answer: phoneAnswer, at: phoneAt } = phone;
  const { answer: cellAnswer, at: cellAt, facts } = cell;
  useEffect(() => {
    // Not cancelled when the answer changes first: every answer is kept.
    if (cellAnswer) {
      afterNextPaint(() =>
        history.add({ kind: 'cell', cell: cellAnswer, ...(facts && { facts }) }, cellAt || Date.now(), owner),
      );
    }
  }, [cellAnswer, cellAt, facts, owner]);
  useEffect(() => {
    if (phoneAnswer)
      afterNextPaint(() =>
        history.add(
          { kind: 'location', cell: phoneAnswer.cell, msisdn: phoneAnswer.msisdn },
          phoneAt || Date.now(),
          owner,
        ),
      );
  }, [phoneAnswer, phoneAt, owner]);
}
