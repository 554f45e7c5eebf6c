// The router's words of an ASCII text (core/routing/terms.ts, asciiWords) are those of the
// general way (unicodeWords): on every ASCII description and line of the real corpora, and on
// seeded random ASCII made of what the steps tell apart (camelCase and PascalCase breaks,
// contractions, digits, C#, F#, C++ and .NET, punctuation and white space).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { asciiWords, unicodeWords, words } from '../../src/core/routing/terms';
import { randomText, seededRandom } from '../seededRandom';
import { corpusForTests, skillFilesBelow } from './corpusLocation';

const WIDE = corpusForTests('corpus-wide');
const isAscii = (text: string) => /^\p{ASCII}*$/u.test(text);

test('words: ASCII the fast way, anything else the general way', { timeout: 10_000 }, () => {
  assert.deepEqual(words('getWeather for C# and .NET'), ['get', 'weather', 'for', 'csharp', 'and', 'dotnet']);
  assert.deepEqual(words('HTMLParser don’t'), ['html', 'parser', 'don', 't']);
  assert.deepEqual(words("HTMLParser don't"), ['html', 'parser', "don't"]);
  assert.deepEqual(words('天气预报 ｆｕｌｌ'), ['天气', '气预', '预报', 'full']);
});

test('every ASCII line of corpus-wide: the same words both ways', { skip: WIDE.skip, timeout: 120_000 }, () => {
  let compared = 0;
  for (const file of skillFilesBelow(WIDE.dir))
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!isAscii(line)) continue;
      assert.deepEqual(asciiWords(line), unicodeWords(line), `${file}: ${JSON.stringify(line)}`);
      compared++;
    }
  assert.ok(compared > 100_000, `${compared} lines`);
});

const PARTS = [
  'get',
  'Weather',
  'HTML',
  'Parser',
  'aB',
  'AB',
  'Ab',
  "'s",
  "'",
  "n't",
  'C#',
  'c#',
  'f#',
  'C++',
  '.NET',
  '.net',
  'x.net',
  '9',
  '42',
  '_',
  '-',
  '.',
  ' ',
  '\n',
  '\t',
  '/',
  '(',
  ')',
  'a1B2',
  'ID',
];

test('seeded random ASCII: the same words both ways', { timeout: 60_000 }, () => {
  const random = seededRandom(25_084);
  for (let i = 0; i < 20_000; i++) {
    const text = randomText(random, PARTS, 16);
    assert.deepEqual(asciiWords(text), unicodeWords(text), JSON.stringify(text));
  }
});
