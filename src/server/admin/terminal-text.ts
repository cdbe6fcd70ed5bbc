/* What a terminal acts on instead of showing: C0 controls, DEL, C1 controls (U+009B is a one-byte CSI), the line
   and paragraph separators, and the bidirectional overrides that reorder what is shown. */
// eslint-disable-next-line no-control-regex -- these characters are what the pattern is for
const OBEYED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- these characters are what the pattern is for
const OBEYED_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escape(char: string): string {
  const code = char.charCodeAt(0);
  return (
    NAMED[char] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`)
  );
}

/** A value for a terminal report: every character a terminal would obey written as an escape (`\x1b`, `\t`). */
export function printable(value: string): string {
  return value.replace(OBEYED, escape);
}

/** Whole lines for a terminal: the same, but tabs and line breaks of the report itself kept. */
export function printableLines(text: string): string {
  return text.replace(OBEYED_BUT_LINES, escape);
}
