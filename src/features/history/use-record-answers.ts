import { useEffect } from 'react';
import type { Cell, Location } from '../../api/types';
import { history } from './history-storage';

/** Every answer goes to the history (never keys); the same answer again only moves to the top. */
export function useRecordAnswers(
  phone: { answer: Location | undefined; at: number },
  cell: { answer: Cell | undefined; at: number },
): void {
  const { answer: phoneAnswer, at: phoneAt } = phone;
  const { answer: cellAnswer, at: cellAt } = cell;
  useEffect(() => {
    if (cellAnswer) history.add({ kind: 'cell', cell: cellAnswer }, cellAt || Date.now());
  }, [cellAnswer, cellAt]);
  useEffect(() => {
    if (phoneAnswer)
      history.add(
        { kind: 'location', cell: phoneAnswer.cell, msisdn: phoneAnswer.msisdn },
        phoneAt || Date.now(),
      );
  }, [phoneAnswer, phoneAt]);
}
