import type { CellQuestion, CellSource, SourceResult } from '../cells/sources/cell-source';

/** For tests: the question the Cell read asks each source, for cell 244/91/`cellid` in LAC 6001. */
export function cellQuestion(cellid: number, more: Partial<CellQuestion> = {}): CellQuestion {
  return {
    asked: { mcc: '244', mnc: '91', cellid: String(cellid) },
    key: { mcc: 244, mnc: 91, cellid },
    lac: 6001,
    ...more,
  };
}

/** For tests: one source asked once, by a caller that stays. */
export function askOnce(source: CellSource, question: CellQuestion): Promise<SourceResult> {
  return Promise.resolve(source.ask(question, new AbortController().signal));
}
