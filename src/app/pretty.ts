/** Re-indents XML for reading. Works on text only; the result is shown as text, never parsed into a page. */
export function prettyXml(body: string, indent = '  '): string {
  const tokens = body
    .replace(/>\s+</g, '><')
    .trim()
    .split(/(<[^>]+>)/)
    .filter((token) => token !== '');
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    if (token.startsWith('</')) {
      depth = Math.max(0, depth - 1);
      lines.push(indent.repeat(depth) + token);
    } else if (token.startsWith('<?') || token.startsWith('<!') || token.endsWith('/>')) {
      lines.push(indent.repeat(depth) + token);
    } else if (token.startsWith('<')) {
      // <a>text</a> stays on one line.
      if (next !== undefined && !next.startsWith('<') && after?.startsWith('</')) {
        lines.push(indent.repeat(depth) + token + next.trim() + after);
        i += 2;
      } else {
        lines.push(indent.repeat(depth) + token);
        depth++;
      }
    } else if (token.trim() !== '') {
      lines.push(indent.repeat(depth) + token.trim());
    }
  }
  return lines.join('\n');
}

/** JSON with two spaces, or the body unchanged when it is not JSON. */
export function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
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
