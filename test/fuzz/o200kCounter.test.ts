// The token counter (src/node/o200kCounter.ts) counts as gpt-tokenizer's countTokens does, with
// no special tokens allowed or disallowed: on every real SKILL.md and every Markdown file and
// script of corpus-scripts, and on seeded random text made of what is hard for it (lone
// surrogates, special-token text, control characters, CJK, emoji, combining marks, runs of
// punctuation, digits and white space, contractions).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer/cjs/encoding/o200k_base';
import { O200kCounter } from '../../src/node/o200kCounter';
import { o200kRanksFromPackage, serializeRanks } from '../../src/node/o200kRanks';
import { hasLongLine, tokenChunks } from '../../src/node/o200k';
import { isAscii } from '../../src/node/o200kAsciiPieces';
import { randomText, seededRandom } from '../seededRandom';
import { corpusForTests, skillFilesBelow } from '../unit/corpusLocation';

const CORPUS = corpusForTests('corpus');
const WIDE = corpusForTests('corpus-wide');
const SCRIPTS = corpusForTests('corpus-scripts');

const NO_SPECIAL = { disallowedSpecial: new Set<string>() };
const reference = (text: string) => countTokens(text, NO_SPECIAL);
const counter = new O200kCounter(o200kRanksFromPackage());

/** Text files below `dir` (no links followed), as validate reads them. */
function textFilesBelow(dir: string, into: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== '.git') textFilesBelow(file, into);
    else if (entry.isFile() && /\.(md|py|sh|js|ts|mjs|ps1|txt|json|ya?ml)$/i.test(entry.name)) into.push(file);
  }
  return into;
}

/** The count of a text, both ways: whole, or line chunk by chunk where a line is too long for a quadratic merge. */
function bothCounts(text: string): [number, number] {
  if (!hasLongLine(text)) return [counter.count(text), reference(text)];
  const parts = tokenChunks(text).filter((chunk) => !hasLongLine(chunk));
  return [parts.reduce((s, c) => s + counter.count(c), 0), parts.reduce((s, c) => s + reference(c), 0)];
}

test(
  'every real SKILL.md and every text file of corpus-scripts: the same count as gpt-tokenizer',
  { skip: CORPUS.skip || WIDE.skip || SCRIPTS.skip, timeout: 600_000 },
  () => {
    const files = [...skillFilesBelow(CORPUS.dir), ...skillFilesBelow(WIDE.dir), ...textFilesBelow(SCRIPTS.dir)];
    assert.ok(files.length >= 3000, `${files.length} files`);
    let tokens = 0;
    let asciiLines = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const [ours, theirs] = bothCounts(text);
      assert.equal(ours, theirs, file);
      tokens += theirs;
      // Line by line too: the counter reads an ASCII text its own way (o200kAsciiPieces.ts),
      // and most lines of a file with one emoji are ASCII.
      for (const line of text.split(/(?<=\n)/)) {
        if (line.length > 4000 || !isAscii(line)) continue;
        assert.equal(counter.count(line), reference(line), `${file}: ${JSON.stringify(line)}`);
        asciiLines++;
      }
    }
    assert.ok(asciiLines > 500_000, `${asciiLines} ASCII lines compared`);
    assert.ok(tokens > 5_000_000, `${tokens} tokens compared`);
  },
);

const PIECES = [
  'the',
  ' quick',
  'Brown',
  "don't",
  "WE'RE",
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\n\n  ',
  '123',
  '4567890',
  '3.14',
  '!!',
  '...',
  '—',
  '/*',
  '*/',
  '##\n/',
  '<|endoftext|>',
  '<|im_start|>',
  '\u0000',
  '\u001b[31m',
  '\u007f',
  '\uD800',
  '\uDFFF',
  '\uDBFF\uDFFF',
  '😀',
  '👩‍💻',
  '中文',
  '日本語',
  'ひらがな',
  '한국어',
  'é',
  'e\u0301',
  'Ω',
  '\u200B',
  '\uFEFF',
  'ß',
  'İ',
  'ﬁ',
  '١٢٣',
  'مرحبا',
  'Привет',
  '█',
  '▓▓',
  '\u00a0',
  'x'.repeat(40),
  'aAaA',
];

test(
  'seeded random text of what is hard for a tokenizer: the same count as gpt-tokenizer',
  { timeout: 300_000 },
  () => {
    const random = seededRandom(200_000);
    let compared = 0;
    for (let i = 0; i < 4000; i++) {
      const text = randomText(random, PIECES, 60);
      assert.equal(counter.count(text), reference(text), JSON.stringify(text));
      compared++;
    }
    assert.equal(compared, 4000);
  },
);

const ASCII_PIECES = PIECES.filter((piece) => isAscii(piece)).concat([
  'internationalization',
  ' HTTPServerError',
  '|---|---|',
  '    ',
  '\t\t\n',
  "'ll",
  '0x1F',
  '~/.ssh/id_rsa',
]);

test('seeded random ASCII text: the same count as gpt-tokenizer', { timeout: 300_000 }, () => {
  const random = seededRandom(25_083);
  for (let i = 0; i < 4000; i++) {
    const text = randomText(random, ASCII_PIECES, 40);
    assert.equal(counter.count(text), reference(text), JSON.stringify(text));
  }
});

test(
  'a word of the vocabulary is one token, special-token text is text, and a token given as UTF-8 bytes is written never to be found',
  { timeout: 120_000 },
  () => {
    // A token written as text counts 1 on its own, both ways.
    for (const text of ['hello', ' world', '\n\n', '中'])
      assert.deepEqual([counter.count(text), reference(text)], [1, 1], text);
    // Special-token text is text: seven tokens, not one.
    assert.deepEqual([counter.count('<|endoftext|>'), reference('<|endoftext|>')], [7, 7]);
    // The serialized form: a bytes entry that is valid UTF-8 is written empty (never found).
    const serialized = serializeRanks(['a', [0xc3, 0xa9], [0xff]], (bytes) => bytes[0] !== 0xff);
    assert.deepEqual([...serialized], [1, 0x61, 0, 1, 0xff]);
    assert.throws(() => serializeRanks(['\uD800'], () => true), /not well-formed/);
  },
);
