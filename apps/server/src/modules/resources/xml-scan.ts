/**
 * A streaming scanner of the XML a workbook's parts are written in (decision 047): elements with their
 * attributes, text (entities and character references read, CDATA as it is), comments, processing
 * instructions and declarations skipped. Fed text a piece at a time, it finds each tag with `indexOf`
 * rather than a character at a time: a sheet of 100 000 rows is some 40 MB of XML read three times an
 * import. Not a validating parser: a workbook's XML is machine-written, and what is not well formed is read
 * as far as it goes (the import then finds what the cells hold, or no sheet).
 */

export interface XmlEvents {
  /** An element opens (a self-closing one closes at once after). Names keep their prefixes. */
  open(name: string, attributes: Record<string, string>): void;
  /** Text inside the element open last, in one or more pieces. */
  text(text: string): void;
  close(name: string): void;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g;

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}


/** Past this much text with no tag after it, the text goes on in pieces (an entity cut at the end waits). */
const HELD_TEXT = 64 * 1024;

export class XmlScanner {
  private rest = '';

  constructor(private readonly on: XmlEvents) {}

  write(piece: string): void {
    const text = this.rest ? this.rest + piece : piece;
    this.rest = '';
    const length = text.length;
    let at = 0;
    while (at < length) {
      // tags and texts are short: a loop over their characters costs less than a search's call
      let lt = at;
      while (lt < length && text.charCodeAt(lt) !== LT) lt++;
      if (lt === length) {
        this.holdText(text, at);
        return;
      }
      if (lt > at) this.on.text(decode(text.slice(at, lt)));
      const end = this.markup(text, lt);
      if (end < 0) {
        this.rest = text.slice(lt);
        return;
      }
      at = end;
    }
  }

  /** What is left when the text ends: text without a tag after it is still text; a tag cut short is dropped. */
  end(): void {
    if (this.rest && this.rest.charCodeAt(0) !== LT) this.on.text(decode(this.rest));
    this.rest = '';
  }

  /** Text at the end of a piece: kept for the next (an entity may be cut), unless it is long. */
  private holdText(text: string, at: number): void {
    if (text.length - at <= HELD_TEXT) {
      this.rest = text.slice(at);
      return;
    }
    const amp = text.lastIndexOf('&');
    const cut = amp >= at && !text.includes(';', amp) ? amp : text.length;
    if (cut > at) this.on.text(decode(text.slice(at, cut)));
    this.rest = text.slice(cut);
  }

  /** Reads the markup at `lt`: where it ends, or -1 when the piece ends first. */
  private markup(text: string, lt: number): number {
    const length = text.length;
    const next = text.charCodeAt(lt + 1);
    if (next === BANG) {
      if (text.startsWith('<!--', lt)) return after(text, '-->', lt + 4);
      if (text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end < 0) return -1;
        this.on.text(text.slice(lt + 9, end));
        return end + 3;
      }
      // a declaration, or the start of a comment or CDATA cut by the piece's end
      if (lt + 9 > length) return -1;
      return after(text, '>', lt + 2);
    }
    if (next === QUESTION) return after(text, '?>', lt + 2);
    if (next === SLASH) {
      let gt = lt + 2;
      while (gt < length && text.charCodeAt(gt) !== GT) gt++;
      if (gt === length) return -1;
      this.on.close(text.slice(lt + 2, gt).trim());
      return gt + 1;
    }
    let i = lt + 1;
    let c = 0;
    while (i < length && !isSpace((c = text.charCodeAt(i))) && c !== SLASH && c !== GT) i++;
    if (i === length) return -1;
    const name = text.slice(lt + 1, i);
    const attributes: Record<string, string> = {};
    // name="value" or name='value', space around `=` allowed; the event waits for the tag's end
    for (;;) {
      while (i < length && isSpace(text.charCodeAt(i))) i++;
      if (i === length) return -1;
      c = text.charCodeAt(i);
      if (c === GT) {
        this.on.open(name, attributes);
        return i + 1;
      }
      if (c === SLASH) {
        if (i + 1 === length) return -1;
        if (text.charCodeAt(i + 1) === GT) {
          this.on.open(name, attributes);
          this.on.close(name);
          return i + 2;
        }
        i++;
        continue;
      }
      const keyStart = i;
      while (i < length && (c = text.charCodeAt(i)) !== EQUALS && !isSpace(c) && c !== GT && c !== SLASH) i++;
      const key = text.slice(keyStart, i);
      while (i < length && isSpace(text.charCodeAt(i))) i++;
      if (i === length) return -1;
      if (text.charCodeAt(i) !== EQUALS) continue;
      i++;
      while (i < length && isSpace(text.charCodeAt(i))) i++;
      if (i === length) return -1;
      const quote = text.charCodeAt(i);
      if (quote !== DOUBLE && quote !== SINGLE) continue;
      const valueStart = ++i;
      while (i < length && text.charCodeAt(i) !== quote) i++;
      if (i === length) return -1;
      attributes[key] = decode(text.slice(valueStart, i));
      i++;
    }
  }
}

const [LT, GT, SLASH, BANG, QUESTION, EQUALS, DOUBLE, SINGLE] = ['<', '>', '/', '!', '?', '=', '"', "'"].map((c) => c.charCodeAt(0)) as [number, number, number, number, number, number, number, number];

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function after(text: string, close: string, from: number): number {
  const end = text.indexOf(close, from);
  return end < 0 ? -1 : end + close.length;
}
