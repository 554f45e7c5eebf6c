// Small text helpers that several layers need: counting as the specification counts,
// decoding files, and wording counts for people.

/** Length in Unicode code points, as the specification counts (a surrogate pair is one). */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** `1 skill`, `2 skills`: a count with its noun. */
export function plural(count: number, word: string, pluralWord = `${word}s`): string {
  return `${count} ${count === 1 ? word : pluralWord}`;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Decodes UTF-8 keeping a leading BOM, so that the lint can report it. */
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/**
 * A copy of `text` that does not share memory with the string it was cut from. V8 keeps a
 * substring as a view of its parent, so a record keeping a slice of a file would otherwise
 * keep the whole file alive.
 */
export function detached(text: string): string {
  return (' ' + text).slice(1);
}

/** Compares by code point, so that an order never depends on the machine's locale. */
export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The text on one line: runs of white space become one space, and the ends are trimmed. */
export function foldWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text on one line, cut with an ellipsis to at most `max` characters. */
export function shorten(text: string, max: number): string {
  const folded = foldWhitespace(text);
  return folded.length <= max ? folded : `${folded.slice(0, max - 1).trimEnd()}…`;
}

const utf8Encoder = new TextEncoder();

/** The size of `text` in UTF-8 bytes, as a program reading it receives it. */
export function utf8ByteLength(text: string): number {
  return utf8Encoder.encode(text).length;
}
