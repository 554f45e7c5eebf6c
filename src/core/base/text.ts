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

/**
 * The size of `text` in UTF-8 bytes, as a program reading it receives it (a lone surrogate as
 * U+FFFD's three, as TextEncoder writes it), counted without encoding it.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Whether `text` is more than `limit` bytes in UTF-8, without counting a long text: every UTF-16
 * unit is at least one byte, so more units than the limit is over.
 */
export function utf8LongerThan(text: string, limit: number): boolean {
  return text.length > limit || utf8ByteLength(text) > limit;
}

/** Control characters (but the newline) and the bidirectional controls: what can rewrite a terminal or reorder a line. */
const UNSAFE_TO_SHOW = /(?!\n)[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text from someone else's source, made safe to print or show: every control and bidirectional
 * character becomes `\uXXXX` (valid in JSON too, where it reads back as the same character).
 */
export function escapeUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE_TO_SHOW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Text from someone else's source, for a person to read before deciding (a consent, a tool's
 * description): escaped as escapeUnsafeCharacters does, and cut after `max` characters with
 * "… (N more characters)", so that a long text cannot push what matters out of sight.
 */
export function boundedText(text: string, max: number): string {
  if (text.length <= max) return escapeUnsafeCharacters(text);
  // Never cut a surrogate pair in two.
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max;
  return `${escapeUnsafeCharacters(text.slice(0, end))}… (${text.length - end} more characters)`;
}
