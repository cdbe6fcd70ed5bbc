import { describe, expect, it } from 'vitest';
import { addEntry, parseHistory, toStored, type HistoryAnswer } from './history-entries';
import { camaraHistoryAnswer } from './use-record-answers';

const at = '2026-05-04T08:59:30.000Z';
const located: HistoryAnswer = {
  kind: 'camara',
  camara: { question: 'locate', center: { lat: 60.1699, lon: 24.9384 }, radiusM: 1200, lastLocationTime: at },
};

describe('the history keeps a CAMARA operator’s answers', () => {
  it('as an area or a verdict, read back through the same checks', () => {
    const verified = camaraHistoryAnswer({
      state: 'verified',
      result: 'PARTIAL',
      matchRate: 36,
      circle: { center: { lat: 60.17, lon: 24.94 }, radiusM: 2000 },
      lastLocationTime: at,
      answeredAt: at,
    });
    if (verified === undefined) throw new Error('not kept');
    let entries = addEntry([], located, 1, 'a');
    entries = addEntry(entries, verified, 2, 'b');
    // The same answer again (a re-render, a second look) is one entry.
    entries = addEntry(entries, located, 1, 'c');
    expect(entries.map((entry) => entry.id)).toEqual(['b', 'c']);
    expect(parseHistory(JSON.stringify(toStored(entries)))).toEqual(entries);
  });

  it('drops a kept CAMARA entry that is not one', () => {
    const entry = (camara: unknown) => ({ id: 'x', at: 1, kind: 'camara', camara });
    const bad = [
      entry({ ...(located.kind === 'camara' && located.camara), center: { lat: 95, lon: 0 } }),
      entry({ question: 'verify', center: { lat: 60, lon: 24 }, radiusM: 1, lastLocationTime: at }),
      entry({ question: 'elsewhere', center: { lat: 60, lon: 24 }, radiusM: 1, lastLocationTime: at }),
      entry({ question: 'locate', center: { lat: 60, lon: 24 }, radiusM: 1, lastLocationTime: 'soon' }),
    ];
    expect(parseHistory(JSON.stringify(bad))).toEqual([]);
  });

  it('keeps no pending wait nor failure', () => {
    expect(camaraHistoryAnswer({ state: 'pending', checkAgainSeconds: 1, expiresAt: at })).toBeUndefined();
    expect(camaraHistoryAnswer({ state: 'failed', reason: 'refused' })).toBeUndefined();
  });
});
