// utf8LongerThan (core/base/text.ts), the cheap "over N bytes?" of body-too-many-tokens, agrees
// with Node's own UTF-8 length on every text: ASCII, two-, three- and four-byte characters, lone
// surrogates (three bytes each, as the encoder writes U+FFFD), at and around the limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { utf8ByteLength, utf8LongerThan } from '../../src/core/base/text';
import { seededRandom } from '../../src/core/base/seededRandom';

const PIECES = ['a', ' ', '\n', 'é', 'ж', '€', '中', '😀', '\uD800', '\uDC00', '\u200B'];

test('utf8LongerThan is Buffer.byteLength(text) > limit, on seeded random texts', { timeout: 20_000 }, () => {
  const random = seededRandom(25);
  let checked = 0;
  for (let i = 0; i < 3000; i++) {
    const length = Math.floor(random() * 40);
    let text = '';
    for (let j = 0; j < length; j++) text += PIECES[Math.floor(random() * PIECES.length)];
    const bytes = Buffer.byteLength(text, 'utf8');
    assert.equal(utf8ByteLength(text), bytes, JSON.stringify(text));
    for (const limit of [0, 1, bytes - 1, bytes, bytes + 1, text.length, text.length - 1]) {
      if (limit < 0) continue;
      assert.equal(utf8LongerThan(text, limit), bytes > limit, `${JSON.stringify(text)} limit ${limit}`);
      checked++;
    }
  }
  assert.ok(checked > 15_000);
});

test('a text of more units than the limit is over it; one of fewer may be either', { timeout: 5_000 }, () => {
  assert.equal(utf8LongerThan('x'.repeat(5001), 5000), true);
  assert.equal(utf8LongerThan('x'.repeat(5000), 5000), false);
  assert.equal(utf8LongerThan('中'.repeat(2000), 5000), true);
  assert.equal(utf8LongerThan('中'.repeat(1666), 5000), false);
});
