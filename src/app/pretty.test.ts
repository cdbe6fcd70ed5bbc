import { describe, expect, it } from 'vitest';
import { prettyBody, prettyJson, prettyXml } from './pretty';

describe('pretty-printing the raw body', () => {
  it('re-indents XML, keeping text elements on one line', () => {
    const xml = '<?xml version="1.0"?><cell><lat>60.1</lat><name>A &amp; B</name></cell>';
    expect(prettyXml(xml)).toBe(
      ['<?xml version="1.0"?>', '<cell>', '  <lat>60.1</lat>', '  <name>A &amp; B</name>', '</cell>'].join(
        '\n',
      ),
    );
  });

  it('indents JSON with two spaces and leaves non-JSON as it is', () => {
    expect(prettyJson('{"cell":{"lat":"1"}}')).toBe('{\n  "cell": {\n    "lat": "1"\n  }\n}');
    expect(prettyJson('not json')).toBe('not json');
  });

  it('leaves HTML bodies untouched', () => {
    const html = '<html><body>x</body></html>';
    expect(prettyBody(html, 'text/html')).toBe(html);
  });
});
