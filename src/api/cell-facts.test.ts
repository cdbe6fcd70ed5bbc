import { describe, expect, it } from 'vitest';
import { factHeaders, readFacts, readLac, readRadio, type CellFacts } from './cell-facts';

const OPENCELLID: CellFacts = {
  source: 'opencellid',
  author: { url: 'https://opencellid.org/', title: 'OpenCelliD contributors' },
  license: { url: 'https://creativecommons.org/licenses/by-sa/4.0/', title: 'CC BY-SA 4.0' },
  rangeMeters: 1200,
  samples: 37,
  radio: 'LTE',
  updated: '2023-11-14T22:13:20Z',
  ageSeconds: 3600,
};

const read = (headers: Record<string, string>) => {
  const h = new Headers(headers);
  return readFacts((name) => h.get(name));
};

describe('cell facts as headers', () => {
  it('are written and read back whole', () => {
    const headers = factHeaders(OPENCELLID);
    expect(headers).toMatchObject({
      'Cell-Source': 'opencellid',
      'Cell-Range': '1200',
      'Cell-Samples': '37',
      'Cell-Radio': 'LTE',
      'Cell-Updated': '2023-11-14T22:13:20Z',
      Age: '3600',
      Link:
        '<https://opencellid.org/>; rel="author"; title="OpenCelliD contributors", ' +
        '<https://creativecommons.org/licenses/by-sa/4.0/>; rel="license"; title="CC BY-SA 4.0"',
    });
    expect(read(headers)).toEqual(OPENCELLID);
  });

  it('carry a geolocation estimate as accuracy, not range', () => {
    const headers = factHeaders({ source: 'geolocate', accuracyMeters: 850.4 });
    expect(headers).toEqual({ 'Cell-Source': 'geolocate', 'Cell-Accuracy': '850' });
    expect(read(headers)).toEqual({ source: 'geolocate', accuracyMeters: 850 });
  });

  it('are absent from an answer that names no source', () => {
    expect(read({ 'Content-Type': 'application/xml' })).toBeUndefined();
    expect(read({ 'Cell-Source': '<script>' })).toBeUndefined();
  });

  it('leave out what does not read as its fact, and links that are not http(s)', () => {
    expect(
      read({
        'Cell-Source': 'opencellid',
        'Cell-Range': '-5',
        'Cell-Samples': '1e3',
        'Cell-Radio': 'WIMAX',
        'Cell-Updated': 'yesterday',
        Link: '<javascript:alert(1)>; rel="author"; title="x", <https://ok.example/>; rel="license"; title="L"',
      }),
    ).toEqual({ source: 'opencellid', license: { url: 'https://ok.example/', title: 'L' } });
  });

  it('keep header values printable ASCII', () => {
    const headers = factHeaders({
      source: 'geolocate',
      author: { url: 'https://x.example/', title: 'Bé"acon' },
    });
    expect(headers.Link).toBe('<https://x.example/>; rel="author"; title="Bacon"');
  });
});

describe('the lookup parameters', () => {
  it('read a LAC of digits up to 2^32-1', () => {
    expect(readLac('6001')).toEqual({ ok: true, value: 6001 });
    expect(readLac('4294967295')).toEqual({ ok: true, value: 4294967295 });
    for (const bad of ['', '-1', '0x10', '4294967296', '1.5', '12345678901']) {
      expect(readLac(bad), bad).toMatchObject({ ok: false, message: expect.stringMatching(/^lac /) });
    }
  });

  it('read a radio type in any letter case', () => {
    expect(readRadio('lte')).toEqual({ ok: true, value: 'LTE' });
    expect(readRadio('NR')).toEqual({ ok: true, value: 'NR' });
    expect(readRadio('wcdma')).toMatchObject({
      ok: false,
      message: 'radio must be one of GSM, UMTS, LTE, NR.',
    });
  });
});
