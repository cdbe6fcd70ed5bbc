import { describe, expect, it } from 'vitest';
import { excerpt, redact } from './safe-text';

describe('excerpt', () => {
  it('folds controls, line separators and white space, and cuts at max with an ellipsis', () => {
    expect(excerpt('  a\r\n\tb\u0085c\u2028d\u001b[2J  ')).toBe('a b c d [2J');
    expect(excerpt('x'.repeat(300))).toBe(`${'x'.repeat(200)}…`);
    expect(excerpt('abcdef', 3)).toBe('abc…');
  });
});

describe('redact', () => {
  it('hides each secret as given, percent-encoded and form-encoded', () => {
    const secret = 'a b/é+';
    const text = `${secret} ${encodeURIComponent(secret)} ${new URLSearchParams({ k: secret })}`;
    expect(redact(text, [secret])).toBe('••• ••• k=•••');
  });

  it('leaves text alone for no secrets or an empty one', () => {
    expect(redact('key=', ['', 'absent'])).toBe('key=');
  });
});
