import { decodeCell, detectFormat } from '../../../api/codec';
import type { CellSource } from './cell-source';
import type { Forwarded } from './forwarded';
import type { OperatorLink } from './operator-link';

/**
 * The operator's own Cell read, decoded with the codec so the next sources can be asked: a 404 in the API's
 * formats means the keys were accepted and the operator does not know the cell. Anything else (its keys check, its
 * rate limit, its failures) is passed back as it came, and no further source is asked: the keys are unverified.
 */
export function operatorSource(link: Pick<OperatorLink, 'read'>): CellSource {
  return {
    name: 'operator',
    live: false,
    async ask(question, signal) {
      const caller = question.caller;
      if (caller === undefined) throw new Error("the operator source is asked without the caller's keys");
      const { mcc, mnc, cellid } = question.asked;
      const forwarded = await link.read(`/cell/${mcc}/${mnc}/${cellid}`, caller, signal);
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
