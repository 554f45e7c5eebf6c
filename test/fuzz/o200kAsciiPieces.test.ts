// The hand-written pre-tokenizer for ASCII text (src/node/o200kAsciiPieces.ts) splits exactly as
// gpt-tokenizer's O200K_TOKEN_SPLIT_REGEX does: on every ASCII line of the real corpora, and on
// seeded random ASCII built from what the pattern tells apart (each character class, contractions
// in both cases, runs of white space with and without line breaks, slashes after punctuation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/cjs/encodingParams/constants';
import { asciiPieceEnd, isAscii } from '../../src/node/o200kAsciiPieces';
import { randomText, seededRandom } from '../seededRandom';
import { corpusForTests, skillFilesBelow } from '../unit/corpusLocation';

const WIDE = corpusForTests('corpus-wide');
const SCRIPTS = corpusForTests('corpus-scripts');

/** The pattern's pieces. */
function reference(text: string): string[] {
  return [...text.matchAll(new RegExp(O200K_TOKEN_SPLIT_REGEX.source, O200K_TOKEN_SPLIT_REGEX.flags))].map((m) => m[0]);
}

function ours(text: string): string[] {
  const pieces: string[] = [];
  for (let start = 0, end; start < text.length; start = end) {
    end = asciiPieceEnd(text, start);
    assert.ok(end > start, `an empty piece at ${start} of ${JSON.stringify(text)}`);
    pieces.push(text.slice(start, end));
  }
  return pieces;
}

function textFilesBelow(dir: string, into: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) textFilesBelow(file, into);
    else if (entry.isFile() && /\.(md|py|sh|js|ts|ps1|txt|json|ya?ml)$/i.test(entry.name)) into.push(file);
  }
  return into;
}

test('isAscii: true for ASCII only', { timeout: 10_000 }, () => {
  assert.equal(isAscii(''), true);
  assert.equal(isAscii('plain text\n\t\u007f'), true);
  assert.equal(isAscii('café'), false);
  assert.equal(isAscii('\u0080'), false);
  assert.equal(isAscii('a\uD83D\uDE00'), false);
});

test(
  'every ASCII text file of corpus-wide and corpus-scripts: the pattern’s pieces',
  { skip: WIDE.skip || SCRIPTS.skip, timeout: 600_000 },
  () => {
    const files = [...skillFilesBelow(WIDE.dir), ...textFilesBelow(SCRIPTS.dir)];
    let compared = 0;
    let pieces = 0;
    for (const file of files) {
      // Line by line: a file with one non-ASCII character still has many ASCII lines.
      for (const line of fs.readFileSync(file, 'utf8').split(/(?<=\n)/)) {
        if (!isAscii(line)) continue;
        const expected = reference(line);
        assert.deepEqual(ours(line), expected, `${file}: ${JSON.stringify(line)}`);
        compared++;
        pieces += expected.length;
      }
    }
    assert.ok(compared > 500_000, `${compared} lines compared`);
    assert.ok(pieces > 5_000_000, `${pieces} pieces compared`);
  },
);

const PARTS = [
  'a',
  'Z',
  'word',
  'Word',
  'WORD',
  'camelCase',
  'HTMLParser',
  "'s",
  "'S",
  "'ll",
  "'LL",
  "'Ve",
  "'re",
  "'d",
  "'m",
  "'t",
  "'x",
  "'",
  '0',
  '12',
  '12345',
  ' ',
  '  ',
  '\t',
  '\v',
  '\f',
  '\n',
  '\r\n',
  '\r',
  ' \n ',
  '/',
  '//',
  '.',
  '...',
  '(',
  '#',
  '-',
  '_',
  '\u0000',
  '\u001b',
  '\u001f',
  '\u007f',
];

test('seeded random ASCII of what the pattern tells apart: the pattern’s pieces', { timeout: 300_000 }, () => {
  const random = seededRandom(25_082);
  for (let i = 0; i < 20_000; i++) {
    const text = randomText(random, PARTS, 24);
    assert.deepEqual(ours(text), reference(text), JSON.stringify(text));
  }
});
