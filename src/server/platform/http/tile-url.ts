/** A host as a URL serializes it (IDN already punycode), with Leaflet's `{s}` allowed inside its labels. */
const HOST = /^(?:[a-z0-9-]|\{s\})+(?:\.(?:[a-z0-9-]|\{s\})+)*$|^\[[0-9a-f:.]+\]$/;

/**
 * Checks a Leaflet tile template and returns it in the one form the service uses (scheme and host lower case,
 * an international host as punycode, anything unusual in the path percent-encoded): its host goes into a header
 * (the CSP's img-src), where a non-Latin-1 character fails every answer and a `;` or space adds directives.
 * Throws an Error whose message says what is wrong.
 */
export function parseTileUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`"${value}" is not an absolute URL (e.g. https://{s}.tile.example/{z}/{x}/{y}.png)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`"${value}" must start with http:// or https://`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error('must not carry a user name or password');
  }
  if (url.hash !== '') throw new Error('must not carry a fragment');
  if (/\s/.test(value)) throw new Error('must not contain spaces');
  if (!HOST.test(url.hostname)) {
    throw new Error(`the host "${url.hostname}" must be a host name or address, with at most {s} in it`);
  }
  const template = `${url.pathname}${url.search}`.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  if (
    !['{z}', '{x}', '{y}'].every((part) => template.includes(part) || template.includes(`{-${part.slice(1)}`))
  ) {
    throw new Error('must be an http(s) URL template with {z}, {x} and {y}');
  }
  return `${url.protocol}//${url.host}${template}`;
}
