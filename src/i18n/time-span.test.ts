import { describe, expect, it } from 'vitest';
import { ageText, agoText, durationText, waitText } from './time-span';
import { tEn, translator } from './translate';

const formatNumber = (value: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat('en', options).format(value);

describe('spans of time, as a person reads them', () => {
  it('how long ago: whole units passed', () => {
    const ago = [0, 999, 59_999, 60_000, 3_599_999, 3_600_000, 3 * 86_400_000].map((ms) => agoText(ms, tEn));
    expect(ago).toEqual(['0 s ago', '0 s ago', '59 s ago', '1 min ago', '59 min ago', '1 h ago', '72 h ago']);
  });

  it("a kept answer's age: rounded, at least a minute, hours below two days", () => {
    const ages = [0, 89, 90, 3599, 3600, 172_799, 172_800].map((s) => ageText(s, tEn));
    expect(ages).toEqual(['1 min', '1 min', '2 min', '60 min', '1 h', '48 h', '2 d']);
  });

  it('a wait: seconds below two minutes, minutes below two hours, then hours', () => {
    const waits = [60, 119, 120, 7199, 7200].map((s) => waitText(s, tEn));
    expect(waits).toEqual(['60 s', '119 s', '2 min', '120 min', '2 h']);
  });

  it('a duration: tenths of a second below ten, then seconds, or minutes and seconds; never "0 s"', () => {
    const durations = [0, 99, 100, 449, 9_949, 9_950, 59_400, 59_600, 185_000, 3_725_000].map((ms) =>
      durationText(ms, { formatNumber, t: tEn }),
    );
    expect(durations).toEqual([
      'under 0.1 sec',
      'under 0.1 sec',
      '0.1 sec',
      '0.4 sec',
      '9.9 sec',
      '10 sec',
      '59 sec',
      '1 min 0 sec',
      '3 min 5 sec',
      '62 min 5 sec',
    ]);
    const fi = (value: number, options?: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat('fi', options).format(value);
    expect(durationText(40, { formatNumber: fi, t: translator('fi') })).toMatch(/^alle 0,1\ss$/);
    expect(durationText(420, { formatNumber: fi, t: translator('fi') })).toMatch(/^0,4\ss$/);
  });
});
