/** Text from elsewhere, for a message or a log line: controls and runs of white space folded, at most `max` long. */
export function excerpt(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex -- these characters are what the pattern is for
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** `text` with every secret (a key, a token) replaced by •••, as given or percent-encoded as a URL carries it. */
export function redact(text: string, secrets: readonly string[]): string {
  let said = text;
  for (const secret of secrets) {
    if (secret === '') continue;
    for (const form of new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
    ])) {
      said = said.split(form).join('•••');
    }
  }
  return said;
}
