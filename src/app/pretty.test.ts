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

describe('XML that a split on ">" gets wrong', () => {
  it('keeps a CDATA section whole, with its > and < and its spacing', () => {
    const xml = '<cell><name><![CDATA[a > b <c>  \n  </d>]]></name><lat>1</lat></cell>';
    expect(prettyXml(xml)).toBe(
      ['<cell>', '  <name><![CDATA[a > b <c>  \n  </d>]]></name>', '  <lat>1</lat>', '</cell>'].join('\n'),
    );
  });

  it('keeps a comment with > whole', () => {
    const xml = '<cell><!-- lat > 90 is refused --><lat>1</lat></cell>';
    expect(prettyXml(xml)).toBe(
      ['<cell>', '  <!-- lat > 90 is refused -->', '  <lat>1</lat>', '</cell>'].join('\n'),
    );
  });

  it('keeps attribute values with > inside their tag', () => {
    const xml = `<cell note="a>b" other='c > d'><lat unit="deg>">1</lat><empty x=">"/></cell>`;
    expect(prettyXml(xml)).toBe(
      [`<cell note="a>b" other='c > d'>`, '  <lat unit="deg>">1</lat>', '  <empty x=">"/>', '</cell>'].join(
        '\n',
      ),
    );
  });

  it('keeps processing instructions whole, at their depth', () => {
    const xml =
      '<?xml version="1.0"?><?xml-stylesheet href="a.xsl" type="text/xsl"?><cell><?app a > b?><lat>1</lat></cell>';
    expect(prettyXml(xml)).toBe(
      [
        '<?xml version="1.0"?>',
        '<?xml-stylesheet href="a.xsl" type="text/xsl"?>',
        '<cell>',
        '  <?app a > b?>',
        '  <lat>1</lat>',
        '</cell>',
      ].join('\n'),
    );
  });

  it('keeps a DOCTYPE with an internal subset whole', () => {
    const xml = '<!DOCTYPE cell [<!ENTITY x "a > b"><!-- ] > -->]><cell><lat>1</lat></cell>';
    expect(prettyXml(xml)).toBe(
      ['<!DOCTYPE cell [<!ENTITY x "a > b"><!-- ] > -->]>', '<cell>', '  <lat>1</lat>', '</cell>'].join('\n'),
    );
  });

  it('shows XML it cannot read (an unclosed comment, CDATA or tag) as it came', () => {
    for (const xml of [
      '<cell><!-- open <lat>1</lat></cell>',
      '<cell><![CDATA[ x </cell>',
      '<cell note="x>',
    ]) {
      expect(prettyXml(xml)).toBe(xml);
    }
  });
});

describe('answers built to be expensive', () => {
  const limit = 64 * 1024;

  it('a 64 kB answer nested thousands deep is shown as it came, not indented', () => {
    const depth = Math.floor(limit / 7);
    const xml = `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
    expect(xml.length).toBeLessThanOrEqual(limit);
    expect(prettyXml(xml)).toBe(xml);
  });

  it('a 64 kB answer of many small elements, deep but under the depth cap, stays within twice its size', () => {
    const open = '<b>'.repeat(60);
    const close = '</b>'.repeat(60);
    const leaves = '<c/>'.repeat(Math.floor((limit - open.length - close.length) / 4));
    const xml = `${open}${leaves}${close}`;
    const out = prettyXml(xml);
    expect(out.length).toBeLessThanOrEqual(2 * xml.length + 16_384);
  });

  it('a 64 kB answer of ordinary depth is indented', () => {
    const cell = '<cell><lat>60.1</lat><lon>24.9</lon><name>x</name></cell>';
    const xml = `<cells>${cell.repeat(Math.floor(limit / cell.length) - 1)}</cells>`;
    const out = prettyXml(xml);
    expect(out).not.toBe(xml);
    expect(out.split('\n')[2]).toBe('    <lat>60.1</lat>');
    expect(out.length).toBeLessThanOrEqual(2 * xml.length);
  });

  it('deeply nested JSON is shown as it came (indented, 18 kB of it would be 18 MB)', () => {
    const depth = 3000;
    const json = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(prettyJson(json)).toBe(json);
    expect(prettyBody(json, 'application/json')).toBe(json);
    expect(prettyJson('[[[1]]]')).toBe('[\n  [\n    [\n      1\n    ]\n  ]\n]');
  });
});
