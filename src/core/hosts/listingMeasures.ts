// What the hosts' listing rules count in (docs/hosts.md, "Profiles": `listing`): characters,
// display widths, XML-escaped lengths and tokens, each as the host itself counts it.
import { codePointLength, utf8ByteLength } from '../base/text';
import type { ListingRule } from './profiles';

/** The characters an entry `- key: description` and its newline take. */
export function entryLength(key: string, description: string): number {
  return codePointLength(key) + codePointLength(description) + 5;
}

/** The tokens a line and its newline cost where a token is `bytesPerToken` UTF-8 bytes, rounded up. */
export function tokens(line: string, bytesPerToken: number): number {
  return Math.ceil((utf8ByteLength(line) + 1) / bytesPerToken);
}

/** Claude Code's characters a token for a window: the older models' below their window (ListingRule). */
export function claudeCharactersPerToken(
  rule: Extract<ListingRule, { kind: 'upgrade-names-in-order' }>,
  window: number,
) {
  return window < rule.olderModels.belowTokens ? rule.olderModels.charactersPerToken : rule.charactersPerToken;
}

/**
 * Width as a terminal shows it, which is how Claude Code counts its budget: wide East Asian
 * characters and emoji count two, combining marks and control characters none.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // Printable ASCII and Latin-1 (no combining marks below U+0300): one column, without the tests below.
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code < 0x300)) {
      width++;
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || /\p{M}/u.test(char) || (code >= 0x200b && code <= 0x200f))
      continue;
    const wide =
      (/\p{Extended_Pictographic}/u.test(char) && code > 0xff) ||
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

/** The length of a text with `<>&"'` escaped as XML entities. */
export function escapedLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '&' || c === '<' || c === '>') length += c === '&' ? 4 : 3;
    else if (c === '"' || c === "'") length += 5;
  }
  return length;
}
