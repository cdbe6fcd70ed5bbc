import type { MessageKey } from './en';
import type { I18n } from './i18n';
import type { Translate } from './translate';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** The units a span is told in: each used below its limit, as a whole number of its seconds; the last past all. */
type Scale = ReadonlyArray<readonly [below: number, unitSeconds: number, words: MessageKey]>;

const AGO: Scale = [
  [MINUTE, 1, 'age.seconds'],
  [HOUR, MINUTE, 'age.minutes'],
  [Infinity, HOUR, 'age.hours'],
];
const AGE: Scale = [
  [HOUR, MINUTE, 'facts.age.minutes'],
  [2 * DAY, HOUR, 'facts.age.hours'],
  [Infinity, DAY, 'facts.age.days'],
];
const WAIT: Scale = [
  [2 * HOUR, MINUTE, 'facts.age.minutes'],
  [Infinity, HOUR, 'facts.age.hours'],
];

/** `seconds` in the first unit of `scale` it is below: its words and how many whole units. */
function inUnit(seconds: number, scale: Scale, whole: (units: number) => number) {
  const [, unitSeconds, words] = scale.find(([below]) => seconds < below) ?? (scale.at(-1) as Scale[number]);
  return { words, count: whole(seconds / unitSeconds) };
}

/** How long ago, to the whole unit passed: "59 s ago", "1 min ago", "72 h ago". */
export function agoText(ms: number, t: Translate): string {
  const { words, count } = inUnit(Math.max(0, Math.floor(ms / 1000)), AGO, Math.floor);
  return t(words, { n: count });
}

/** How old a kept answer is, rounded: at least "1 min", hours below two days, then days. */
export function ageText(seconds: number, t: Translate): string {
  const { words, count } = inUnit(seconds, AGE, Math.round);
  return t(words, { count: Math.max(1, count) });
}

/** A wait as a person says it: seconds below two minutes, minutes below two hours, then hours. */
export function waitText(seconds: number, t: Translate): string {
  if (seconds < 2 * MINUTE) return `${seconds} s`;
  const { words, count } = inUnit(seconds, WAIT, Math.round);
  return t(words, { count });
}

/**
 * A time span as "0.4 s", "42 s" or "3 min 5 s", in the chosen language's own unit names: tenths below ten
 * seconds (a short batch is not "0 s"), "under 0.1 s" below that.
 */
export function durationText(ms: number, { formatNumber, t }: Pick<I18n, 'formatNumber' | 't'>): string {
  const unit = (value: number, name: 'second' | 'minute', tenths = false) =>
    formatNumber(value, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: tenths ? 1 : 0,
    });
  if (ms < 100) return t('duration.under', { time: unit(0.1, 'second', true) });
  if (ms < 9950) return unit(Math.round(ms / 100) / 10, 'second', true);
  const seconds = Math.round(ms / 1000);
  if (seconds < MINUTE) return unit(seconds, 'second');
  return `${unit(Math.floor(seconds / MINUTE), 'minute')} ${unit(seconds % MINUTE, 'second')}`;
}
