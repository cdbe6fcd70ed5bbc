import { decodeCell, detectFormat } from '../../api/codec';
import type { Forwarded } from '../proxy/forward';
import type { CellSource } from './cell-source';

/**
 * The operator's own Cell read, decoded with the codec so the next sources can be asked: a 404 in the API's
 * formats means the keys were accepted and the operator does not know the cell. Anything else (its keys check, its
 * rate limit, its failures) is passed back as it came, and no further source is asked: the keys are unverified.
 */
export function operatorSource(): CellSource {
  return {
    name: 'operator',
    live: false,
    async ask(question, signal) {
      const operator = question.operator;
      if (operator === undefined) throw new Error("the operator source is asked without the caller's keys");
      const { mcc, mnc, cellid } = question.asked;
      const forwarded = await operator.ask(`/cell/${mcc}/${mnc}/${cellid}`, signal);
      if (!forwarded.ok) return { kind: 'final', forwarded };
      const text = new TextDecoder().decode(forwarded.body);
      const format = detectFormat(forwarded.contentType, text);
      if (forwarded.status === 404 && (format === 'xml' || format === 'json')) return { kind: 'not-found' };
      if (forwarded.status !== 200) return { kind: 'final', forwarded };
      try {
        const cell = decodeCell(text, forwarded.contentType);
        return {
          kind: 'found',
          cell: { lat: cell.position.lat, lon: cell.position.lon, lac: Number(cell.lac), name: cell.name },
        };
      } catch (error) {
        const unreadable: Forwarded = {
          ok: false,
          status: 502,
          code: 'upstream-unreadable',
          message: `The operator's answer could not be read (${(error as Error).message}).`,
        };
        return { kind: 'final', forwarded: unreadable };
      }
    },
  };
}
