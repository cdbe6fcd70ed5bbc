import { useEffect } from 'react';
import type { CamaraAnswer } from '../../api/camara';
import type { CellFacts } from '../../api/cell-facts';
import type { Cell, Location } from '../../api/types';
import { afterNextPaint } from '../../paint/after-paint';
import type { HistoryAnswer } from './history-entries';
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

/** A CAMARA operator's answer as the history keeps it: where it placed the phone, or a check's verdict. */
export function camaraHistoryAnswer(answer: CamaraAnswer | undefined): HistoryAnswer | undefined {
  if (answer?.state === 'located') {
    const { center, radiusM } = answer.area;
    const record = {
      question: 'locate' as const,
      center,
      radiusM,
      lastLocationTime: answer.lastLocationTime,
    };
    return { kind: 'camara', camara: record };
  }
  if (answer?.state !== 'verified') return undefined;
  const { center, radiusM } = answer.circle;
  return {
    kind: 'camara',
    camara: {
      question: 'verify',
      center,
      radiusM,
      result: answer.result,
      ...(answer.matchRate !== undefined && { matchRate: answer.matchRate }),
      lastLocationTime: answer.lastLocationTime,
    },
  };
}

/** A CAMARA operator's answers go to the history as the others do, at the time the service had them. */
export function useRecordCamaraAnswer(answer: CamaraAnswer | undefined, owner: string | null): void {
  useEffect(() => {
    const kept = camaraHistoryAnswer(answer);
    if (kept === undefined || (answer?.state !== 'located' && answer?.state !== 'verified')) return;
    const at = Date.parse(answer.answeredAt);
    afterNextPaint(() => history.add(kept, Number.isNaN(at) ? Date.now() : at, owner));
  }, [answer, owner]);
}
