import { factHeaders, RADIOS, type CellFacts, type Radio } from '../../api/cell-facts';
import { encodeCell } from '../../api/codec';
import type { Format } from '../../api/types';
import { apiAnswer, problemAnswer, type ApiAnswer, type Problem } from '../platform/http/api-answer';
import type { Credit } from './sources/attribution';
import type { CellLookup, Lookup } from './sources/cell-lookup';
import type { CellQuestion, SourceName } from './sources/cell-source';
import type { Forwarded } from './sources/forwarded';

/** The question every source is asked, one per read: from the checked path and query, and who asks. */
export function questionOf(
  asked: CellQuestion['asked'],
  extra: { lac?: number; radio?: Radio },
  who: Pick<CellQuestion, 'caller' | 'serviceKey'> = {},
): CellQuestion {
  return {
    asked,
    key: { mcc: Number(asked.mcc), mnc: Number(asked.mnc), cellid: Number(asked.cellid) },
    ...(extra.lac !== undefined && { lac: extra.lac }),
    ...(extra.radio !== undefined && { radio: extra.radio }),
    ...(who.serviceKey !== undefined && { serviceKey: who.serviceKey }),
    ...(who.caller !== undefined && { caller: who.caller }),
  };
}

const SOURCE_TITLES: Record<SourceName, string> = {
  store: "the service's database",
  operator: 'the operator',
  opencellid: 'OpenCelliD',
  geolocate: 'the geolocation service',
};

const listed = (sources: readonly SourceName[]): string =>
  sources.map((name) => SOURCE_TITLES[name]).join(' and ') || 'a cell source';

function wait(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/** The answer when no source gave the cell: what kind of failure it was, in words a person can act on. */
export function lookupProblem(result: Exclude<Lookup, { kind: 'found' | 'final' }>): Problem {
  if (result.kind === 'not-found') {
    const message = 'No cell is known with that mcc, mnc and cellid.';
    if (result.needs.length === 0) return { status: 404, code: 'unknown-cell', message };
    const field = result.needs.includes('lac') ? 'lac' : 'radio';
    const what = result.needs.includes('lac')
      ? `the LAC${result.needs.includes('radio') ? ' (and the radio type)' : ''}`
      : 'the radio type';
    return {
      status: 404,
      code: 'unknown-cell',
      message: `${message} ${listed(result.needers)} can look further with ${what}: add it and look again.`,
      field,
    };
  }
  const who = listed(result.sources);
  switch (result.failure) {
    case 'budget':
      return {
        status: 429,
        code: 'source-budget',
        message: `This service key has asked ${who} as often as it may for now (a limit of its own, beside the read limit); try again in ${wait(result.retryAfterSeconds ?? 60)}.`,
        retryAfterSeconds: result.retryAfterSeconds ?? 60,
      };
    case 'limit':
      return {
        status: 429,
        code: 'source-limit',
        message: `The request limit of ${who} is reached for today or for now; try again in ${wait(result.retryAfterSeconds ?? 60)}.`,
        retryAfterSeconds: result.retryAfterSeconds ?? 60,
      };
    case 'timeout':
      return { status: 504, code: 'source-timeout', message: `${who} did not answer in time; try again.` };
    case 'unavailable':
      return {
        status: 502,
        code: 'source-unavailable',
        message: `${who} could not be asked (down, or it answered with an error); try again later.`,
      };
    case 'unreadable':
      if (result.field === undefined) {
        return { status: 502, code: 'source-unreadable', message: `The answer of ${who} could not be read.` };
      }
      return {
        status: 502,
        code: 'source-unreadable',
        message: `The answer of ${who} could not be used: its ${result.field} is not a value it can have.`,
        field: result.field,
      };
    case 'misconfigured':
      return {
        status: 500,
        code: 'source-misconfigured',
        message: `The service is misconfigured: ${who} refused its key or its request. The service's operator must fix the setting its log names.`,
      };
  }
}

/** Unix seconds as the Cell-Updated header writes them; none for a time no date can hold (a row written by hand:
 *  a fact left out, as factHeaders leaves out a range that is not a length, rather than a 500). */
function updatedText(seconds: number | undefined): string | undefined {
  if (seconds === undefined) return undefined;
  const time = new Date(seconds * 1000);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** What the Cell answer's headers say besides the body: the source, its credit, and the source's facts. */
export function factsOf(result: Extract<Lookup, { kind: 'found' }>, credit: Credit | undefined): CellFacts {
  const { cell } = result;
  const radio = RADIOS.find((name) => name === cell.radio);
  const updated = updatedText(cell.updated);
  return {
    source: result.source,
    ...credit,
    ...(cell.rangeMeters !== undefined && { rangeMeters: cell.rangeMeters }),
    ...(cell.accuracyMeters !== undefined && { accuracyMeters: cell.accuracyMeters }),
    ...(cell.samples !== undefined && { samples: cell.samples }),
    ...(radio !== undefined && { radio }),
    ...(updated !== undefined && { updated }),
    ...(result.ageSeconds !== undefined && { ageSeconds: result.ageSeconds }),
  };
}

/** The Cell read's answer from the sources: the body in the document's shape, the facts in headers. */
export async function answerCell(
  lookup: CellLookup,
  question: CellQuestion,
  format: Format,
  signal: AbortSignal,
  creditOf: (origin: string | undefined) => Credit | undefined,
): Promise<{ answer: ApiAnswer } | { forwarded: Forwarded }> {
  const result = await lookup(question, signal);
  if (result.kind === 'final') return { forwarded: result.forwarded };
  if (result.kind !== 'found') return { answer: problemAnswer(lookupProblem(result), format) };
  const { cell } = result;
  const lat = cell.lat.toFixed(6);
  const lon = cell.lon.toFixed(6);
  const body = encodeCell(
    {
      lat,
      lon,
      ...question.asked,
      lac: String(cell.lac),
      name: cell.name,
      position: { lat: Number(lat), lon: Number(lon) },
    },
    format,
  );
  const origin =
    cell.origin ??
    (result.source === 'opencellid' || result.source === 'geolocate' ? result.source : undefined);
  return { answer: apiAnswer(200, format, body, factHeaders(factsOf(result, creditOf(origin)))) };
}
