/**
 * Deepest nesting that is indented. Real answers are four deep; past this the indentation alone would grow as
 * the square of the depth (a 64 kB answer nested 9,000 deep is hundreds of MB), so the body is shown as it came.
 */
export const MAX_PRETTY_DEPTH = 64;

/** Largest indented text, in characters, for a body of `length`; past it the body is shown as it came. */
export function maxPrettyLength(length: number): number {
  return 2 * length + 16_384;
}

type XmlToken = { kind: 'open' | 'close' | 'empty' | 'other'; text: string } | { kind: 'text'; text: string };

/** Where the construct opened at `from` ends (just after `close`), or -1 when it never does. */
function endOf(body: string, from: number, close: string): number {
  const at = body.indexOf(close, from);
  return at === -1 ? -1 : at + close.length;
}

/** The end of a tag or declaration starting at `from`: the first `>` outside quotes (and outside `[...]`). */
function endOfMarkup(body: string, from: number): number {
  let quote = '';
  let brackets = 0;
  for (let i = from; i < body.length; i++) {
    const c = body[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (brackets > 0 && body.startsWith('<!--', i)) {
      const end = endOf(body, i + 4, '-->');
      if (end === -1) return -1;
      i = end - 1;
    } else if (c === '[') brackets++;
    else if (c === ']' && brackets > 0) brackets--;
    else if (c === '>' && brackets === 0) return i + 1;
  }
  return -1;
}

/**
 * Splits XML into tags, text, comments, CDATA sections, processing instructions and declarations, each whole:
 * a `>` inside a comment, CDATA or a quoted attribute value ends nothing. One pass, each character read once.
 * Undefined when a construct is never closed.
 */
function tokenize(body: string): XmlToken[] | undefined {
  const tokens: XmlToken[] = [];
  let at = 0;
  while (at < body.length) {
    if (body[at] !== '<') {
      const next = body.indexOf('<', at);
      const end = next === -1 ? body.length : next;
      tokens.push({ kind: 'text', text: body.slice(at, end) });
      at = end;
      continue;
    }
    let end: number;
    if (body.startsWith('<!--', at)) end = endOf(body, at + 4, '-->');
    else if (body.startsWith('<![CDATA[', at)) end = endOf(body, at + 9, ']]>');
    else if (body.startsWith('<?', at)) end = endOf(body, at + 2, '?>');
    else end = endOfMarkup(body, at + 1);
    if (end === -1) return undefined;
    const text = body.slice(at, end);
    const kind = text.startsWith('<![CDATA[')
      ? 'text'
      : text.startsWith('<!') || text.startsWith('<?')
        ? 'other'
        : text.startsWith('</')
          ? 'close'
          : text.endsWith('/>')
            ? 'empty'
            : 'open';
    tokens.push({ kind, text });
    at = end;
  }
  return tokens;
}

/**
 * Re-indents XML for reading. Works on text only; the result is shown as text, never parsed into a page. XML it
 * cannot split, nested deeper than MAX_PRETTY_DEPTH, or that would grow past maxPrettyLength is returned as it
 * came.
 */
export function prettyXml(body: string, indent = '  '): string {
  const tokens = tokenize(body.trim());
  if (tokens === undefined) return body;
  const limit = maxPrettyLength(body.length);
  const lines: string[] = [];
  let size = 0;
  let depth = 0;
  const push = (line: string): boolean => {
    size += line.length + 1;
    lines.push(line);
    return size <= limit;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === undefined) break;
    // Whitespace between tags is layout, not content (CDATA is text and kept as it is).
    const text =
      token.kind === 'text' && !token.text.startsWith('<![CDATA[') ? token.text.trim() : token.text;
    if (text === '') continue;
    let line: string;
    if (token.kind === 'close') {
      depth = Math.max(0, depth - 1);
      line = indent.repeat(depth) + text;
    } else if (token.kind === 'open') {
      const inner = tokens[i + 1];
      const after = tokens[i + 2];
      // <a>text</a> stays on one line.
      if (inner?.kind === 'text' && after?.kind === 'close') {
        const content = inner.text.startsWith('<![CDATA[') ? inner.text : inner.text.trim();
        line = indent.repeat(depth) + text + content + after.text;
        i += 2;
      } else {
        line = indent.repeat(depth) + text;
        depth++;
        if (depth > MAX_PRETTY_DEPTH) return body;
      }
    } else {
      line = indent.repeat(depth) + text;
    }
    if (!push(line)) return body;
  }
  return lines.join('\n');
}

/** How deep JSON nests, read without parsing: brackets outside strings. */
function jsonDepth(body: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return deepest;
}

/** JSON with two spaces, or the body unchanged when it is not JSON, or too deep or large to indent. */
export function prettyJson(body: string): string {
  if (jsonDepth(body) > MAX_PRETTY_DEPTH) return body;
  try {
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    return pretty.length <= maxPrettyLength(body.length) ? pretty : body;
  } catch {
    return body;
  }
}

export function prettyBody(body: string, contentType: string): string {
  const type = contentType.toLowerCase();
  const start = body.trimStart();
  if (type.includes('json') || start.startsWith('{') || start.startsWith('[')) return prettyJson(body);
  if ((type.includes('xml') || start.startsWith('<?xml')) && !type.includes('html')) return prettyXml(body);
  return body;
}
