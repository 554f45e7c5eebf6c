// o200k's pre-tokenizer on ASCII text, by hand: where each piece ends, as the package's pattern
// (O200K_TOKEN_SPLIT_REGEX) splits the text, without a regular expression over Unicode classes
// and a match object for every piece. Most of a skill's text is ASCII; the counter (o200kCounter.ts)
// takes this path for a text of ASCII only and the pattern for any other. A differential test holds
// the two to the same pieces (test/fuzz/o200kAsciiPieces.test.ts).
//
// The pattern, with its Unicode classes read on ASCII (letters A-Z and a-z, digits 0-9, white
// space \t \n \v \f \r and the space; `P` one character that is none of CR, LF, a letter or a
// digit; `'c` a contraction such as 's or 'll), tried in order at each place:
//   1. P? [A-Z]* [a-z]+ 'c?        2. P? [A-Z]+ [a-z]* 'c?        3. [0-9]{1,3}
//   4. ' '? [^\s letters digits]+ [\r\n/]*
//   5. \s* [\r\n]+                  6. \s+ (?!\S)                  7. \s+

/** What each ASCII character is to the pattern: */
const UPPER = 0;
const LOWER = 1;
const DIGIT = 2;
/** White space but CR and LF. */
const SPACE = 3;
const LINE_BREAK = 4;
/** Anything else: punctuation, symbols, control characters. */
const OTHER = 5;

const KINDS = new Uint8Array(128).fill(OTHER);
for (let c = 0x41; c <= 0x5a; c++) KINDS[c] = UPPER;
for (let c = 0x61; c <= 0x7a; c++) KINDS[c] = LOWER;
for (let c = 0x30; c <= 0x39; c++) KINDS[c] = DIGIT;
for (const c of [0x09, 0x0b, 0x0c, 0x20]) KINDS[c] = SPACE;
KINDS[0x0a] = LINE_BREAK;
KINDS[0x0d] = LINE_BREAK;

/** Whether every character of `text` is ASCII. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

const kindAt = (text: string, i: number): number => (i < text.length ? KINDS[text.charCodeAt(i)] : -1);
const isLetter = (kind: number) => kind === UPPER || kind === LOWER;
const isWhite = (kind: number) => kind === SPACE || kind === LINE_BREAK;

/** Where the piece of the ASCII `text` that starts at `i` ends. */
export function asciiPieceEnd(text: string, i: number): number {
  const k = kindAt(text, i);
  if (isLetter(k) || (k !== LINE_BREAK && k !== DIGIT && isLetter(kindAt(text, i + 1)))) {
    // 1 and 2: an optional lead character, capitals, then small letters; a contraction after.
    let j = isLetter(k) ? i : i + 1;
    while (kindAt(text, j) === UPPER) j++;
    while (kindAt(text, j) === LOWER) j++;
    return afterContraction(text, j);
  }
  if (k === DIGIT) {
    let end = i + 1;
    while (end < i + 3 && kindAt(text, end) === DIGIT) end++;
    return end;
  }
  if (k === OTHER || (text.charCodeAt(i) === 0x20 && kindAt(text, i + 1) === OTHER)) {
    // 4: punctuation (after one space), then any line breaks and slashes.
    let end = k === OTHER ? i : i + 1;
    while (kindAt(text, end) === OTHER) end++;
    while (kindAt(text, end) === LINE_BREAK || text.charCodeAt(end) === 0x2f) end++;
    return end;
  }
  // White space: 5 up to its last line break; else 6, all of it at the end of the text or all
  // but its last character before something else; else 7, the one character.
  let w = i;
  let lastBreak = -1;
  for (let kind = k; isWhite(kind); kind = kindAt(text, ++w)) if (kind === LINE_BREAK) lastBreak = w;
  return lastBreak >= 0 ? lastBreak + 1 : w === text.length || w - i === 1 ? w : w - 1;
}

/** After a contraction ('s 'd 'm 't 'll 've 're, in any case) at `at`, or `at` when there is none. */
function afterContraction(text: string, at: number): number {
  if (text.charCodeAt(at) !== 0x27) return at;
  const first = text.charCodeAt(at + 1) | 0x20;
  if (first === 0x73 || first === 0x64 || first === 0x6d || first === 0x74) return at + 2;
  const second = text.charCodeAt(at + 2) | 0x20;
  if ((first === 0x6c && second === 0x6c) || (first === 0x76 && second === 0x65) || (first === 0x72 && second === 0x65))
    return at + 3;
  return at;
}
