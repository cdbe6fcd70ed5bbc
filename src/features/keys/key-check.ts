import { keyProblem, trimKey } from '../../api/keys';
import type { Keys } from '../../api/types';
import type { Translate } from '../../i18n/translate';

const REQUIRED = { serviceKey: 'keys.serviceRequired', userKey: 'keys.userRequired' } as const;
const BAD_CHARACTER = { serviceKey: 'keys.serviceChar', userKey: 'keys.userChar' } as const;

/**
 * A key as it is saved: without the spaces and invisible characters a copy brings along at either end; or what
 * is wrong with it, naming the first character no key has (a browser would refuse to send it, and the read would
 * have looked like a network failure).
 */
export function checkKey(
  name: keyof Keys,
  given: string,
  t: Translate,
): { ok: true; key: string } | { ok: false; error: string } {
  const key = trimKey(given);
  if (key === '') return { ok: false, error: t(REQUIRED[name]) };
  const problem = keyProblem(key);
  if (problem === undefined) return { ok: true, key };
  const char = problem.invisible
    ? t('keys.char.invisible', { code: problem.code })
    : t('keys.char.visible', { char: problem.char, code: problem.code });
  return { ok: false, error: t(BAD_CHARACTER[name], { char }) };
}
