import { describe, expect, it } from 'vitest';
import { XmlScanner } from './xml-scan.ts';

/** What the scanner reports, adjacent text pieces joined (a piece's end may cut a text in two). */
function scan(pieces: readonly string[]): string[] {
  const events: string[] = [];
  const scanner = new XmlScanner({
    open: (name, attributes) => events.push(`<${name}${Object.entries(attributes).map(([k, v]) => ` ${k}=${JSON.stringify(v)}`).join('')}>`),
    text: (text) => {
      const last = events.length - 1;
      if (last >= 0 && events[last]!.startsWith('text:')) events[last] += text;
      else events.push(`text:${text}`);
    },
    close: (name) => events.push(`</${name}>`),
  });
  for (const piece of pieces) scanner.write(piece);
  scanner.end();
  return events;
}

const cut = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

const DOCUMENT = [
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
  '<!-- written by hand -->',
  '<x:sst xmlns:x="urn:x" count=\'3\'>',
  '<x:si><x:t xml:space="preserve"> 台灯 &amp; 灯罩 &lt;新&gt; &#26032;&#x54C1; &quot;A&apos; </x:t></x:si>',
  '<x:si><x:t><![CDATA[<not a tag> & not an entity]]></x:t></x:si>',
  '<numFmt numFmtId = "164" formatCode="[&gt;=100]0;[>5]&quot;x&quot;"/>',
  '<empty/><spaced  a="1"\n\tb=\'2\' />',
  '<?pi inside?>text after &unknown; and &#xZZ;</x:sst>',
].join('');

const EXPECTED = [
  '<x:sst xmlns:x="urn:x" count="3">',
  '<x:si>',
  '<x:t xml:space="preserve">',
  'text: 台灯 & 灯罩 <新> 新品 "A\' ',
  '</x:t>',
  '</x:si>',
  '<x:si>',
  '<x:t>',
  'text:<not a tag> & not an entity',
  '</x:t>',
  '</x:si>',
  '<numFmt numFmtId="164" formatCode="[>=100]0;[>5]\\"x\\"">',
  '</numFmt>',
  '<empty>',
  '</empty>',
  '<spaced a="1" b="2">',
  '</spaced>',
  'text:text after &unknown; and &#xZZ;',
  '</x:sst>',
];

describe('the XML scanner', () => {
  it('reads elements, attributes, entities, references, CDATA, and skips comments, declarations and instructions', () => {
    // the line before the document and the one after its declaration are text, as any other
    expect(scan(['\n', DOCUMENT])).toEqual(['text:\n\n', ...EXPECTED]);
  });

  it('reads the same wherever the pieces cut it: in a tag, an attribute, an entity, a comment, CDATA', () => {
    const whole = scan([DOCUMENT]);
    for (let size = 1; size <= 40; size++) expect(scan(cut(DOCUMENT, size)), `${size} characters a piece`).toEqual(whole);
  });

  it('hands on a long text in pieces without cutting an entity', () => {
    const long = `<t>${'a'.repeat(70_000)}&amp;${'b'.repeat(70_000)}</t>`;
    expect(scan(cut(long, 10_000))).toEqual(['<t>', `text:${'a'.repeat(70_000)}&${'b'.repeat(70_000)}`, '</t>']);
  });

  it('drops a tag cut short at the end and keeps text that ends the document', () => {
    expect(scan(['<a>one</a><b c="2'])).toEqual(['<a>', 'text:one', '</a>']);
    expect(scan(['<a/>tail'])).toEqual(['<a>', '</a>', 'text:tail']);
  });
});
