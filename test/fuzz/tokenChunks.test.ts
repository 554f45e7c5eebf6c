// body-too-many-tokens counts o200k_base tokens chunk by chunk (src/node/o200k.ts: tokenChunks),
// so that an edit re-counts only the lines it touched. That is exact only if o200k's
// pre-tokenizer never joins text across a chunk's edge: this differential test compares the sum
// of the chunks with the count of the whole text on every real SKILL.md and on fuzzed text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { countTokens } from 'gpt-tokenizer/cjs/encoding/o200k_base';
import { countO200kTokensUpTo, hasLongLine, tokenChunks } from '../../src/node/o200k';
import { seededRandom } from '../seededRandom';
import { corpusForTests, skillFilesBelow } from '../unit/corpusLocation';

const CORPUS = corpusForTests('corpus');
const WIDE = corpusForTests('corpus-wide');

const NO_SPECIAL = { disallowedSpecial: new Set<string>() };
const whole = (text: string) => countTokens(text, NO_SPECIAL);
const chunked = (text: string) => tokenChunks(text).reduce((sum, chunk) => sum + whole(chunk), 0);

test("on every real SKILL.md, the chunks add up to the whole text's tokens", { skip: CORPUS.skip || WIDE.skip }, () => {
  const files = [...skillFilesBelow(CORPUS.dir), ...skillFilesBelow(WIDE.dir)];
  assert.ok(files.length >= 880, `${files.length} corpus files`);
  let counted = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    // A line longer than MAX_EXACT_CHUNK is counted in slices (its whole count is quadratic: the
    // one such corpus file, a 114,220-character run of █, takes minutes): left out here, and
    // covered by the test below.
    if (hasLongLine(text)) continue;
    assert.equal(chunked(text), whole(text), file);
    counted++;
  }
  assert.equal(counted, files.length - 1, 'one corpus file has a line over the exact limit');
});

test('a line far over the exact limit is counted in slices, in linear time, close to its true count', () => {
  const line = `echo "${'█'.repeat(120_000)}"\n`;
  const sliced = countO200kTokensUpTo(line, 10_000_000);
  // The true count of a shorter run, scaled: runs of █ tokenize periodically.
  const sample = whole(`echo "${'█'.repeat(3_000)}"\n`);
  assert.ok(Math.abs(sliced / 40 - sample) / sample < 0.05, `${sliced} against ${sample} × 40`);
  // And the question the rule asks is answered at once.
  assert.ok(countO200kTokensUpTo(line, 5000) > 5000);
});

test('on fuzzed text of line breaks, white space, punctuation, digits, CJK and emoji, the chunks add up', () => {
  const random = seededRandom(2026);
  const pieces = [
    '\n',
    '\r\n',
    '\n\n',
    ' ',
    '  ',
    '\t',
    '    ',
    'word',
    'Word',
    "it's",
    '.',
    '...',
    '-',
    '—',
    '`',
    '```',
    '#',
    '##',
    '*',
    '123',
    '4567',
    '中文',
    '日本語',
    '🧑‍💻',
    '👍',
    '\u200b',
    '<|endoftext|>',
    'https://x.io/a?b=1',
    '"quoted"',
    '(paren)',
    '/path/to',
    '$ARGUMENTS',
  ];
  for (let n = 0; n < 3000; n++) {
    const length = 1 + Math.floor(random() * 60);
    let text = '';
    for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
    assert.equal(chunked(text), whole(text), JSON.stringify(text));
    assert.equal(countO200kTokensUpTo(text, 1_000_000), whole(text), JSON.stringify(text));
  }
});

test('counting stops past the limit', () => {
  const text = 'one line of words\n'.repeat(2000);
  assert.ok(countO200kTokensUpTo(text, 100) > 100);
  assert.ok(countO200kTokensUpTo(text, 100) < whole(text));
});
