// The listing under its character budget (docs/format.md, "The listing").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_LISTING_BUDGET } from '../../src/core/base/limits';
import { compareCodePoints as compareNames } from '../../src/core/base/text';
import { buildListing, listingLine } from '../../src/core/catalog/listing';

const A = { name: 'alpha', description: 'First skill.' };
const B = { name: 'beta', description: 'Second skill.' };
const C = { name: 'gamma', description: 'Third skill.' };
const lenA = '- alpha: First skill.'.length;
const lenB = '- beta: Second skill.'.length;
const lenC = '- gamma: Third skill.'.length;

test('one line per item, in the given order, joined by newlines', () => {
  const listing = buildListing([A, B, C]);
  assert.equal(listing.text, '- alpha: First skill.\n- beta: Second skill.\n- gamma: Third skill.');
  assert.deepEqual(listing.included, ['alpha', 'beta', 'gamma']);
  assert.deepEqual(listing.dropped, []);
  assert.equal(listing.budget, DEFAULT_LISTING_BUDGET);
  assert.equal(DEFAULT_LISTING_BUDGET, 12000);
  assert.equal(listing.used, listing.text.length);
});

test('a listing exactly at the budget keeps every line (newlines count)', () => {
  const budget = lenA + 1 + lenB + 1 + lenC;
  const listing = buildListing([A, B, C], budget);
  assert.deepEqual(listing.included, ['alpha', 'beta', 'gamma']);
  assert.deepEqual(listing.dropped, []);
  assert.equal(listing.used, budget);
});

test('one character over the budget drops the last line', () => {
  const budget = lenA + 1 + lenB + 1 + lenC - 1;
  const listing = buildListing([A, B, C], budget);
  assert.deepEqual(listing.included, ['alpha', 'beta']);
  assert.deepEqual(listing.dropped, ['gamma']);
  assert.equal(listing.text, '- alpha: First skill.\n- beta: Second skill.');
  assert.equal(listing.used, lenA + 1 + lenB);
  assert.ok(listing.used <= budget);
});

test('a single line exactly at the budget fits, one under does not', () => {
  assert.deepEqual(buildListing([A], lenA).included, ['alpha']);
  const tooSmall = buildListing([A], lenA - 1);
  assert.equal(tooSmall.text, '');
  assert.deepEqual(tooSmall.dropped, ['alpha']);
});

test('a first line bigger than the budget gives an empty listing with everything dropped, in order', () => {
  const big = { name: 'aaa', description: 'x'.repeat(500) };
  const listing = buildListing([big, A, B], 100);
  assert.equal(listing.text, '');
  assert.deepEqual(listing.included, []);
  assert.deepEqual(listing.dropped, ['aaa', 'alpha', 'beta']);
  assert.equal(listing.used, 0);
});

test('from the first line that does not fit, later lines are dropped even when short', () => {
  const big = { name: 'beta', description: 'y'.repeat(200) };
  const listing = buildListing([A, big, C, { name: 'z', description: 'z' }], lenA + 1 + lenC + 10);
  assert.deepEqual(listing.included, ['alpha']);
  assert.deepEqual(listing.dropped, ['beta', 'gamma', 'z']);
});

test('a budget of zero drops everything; an empty list is an empty listing', () => {
  assert.deepEqual(buildListing([A, B], 0).dropped, ['alpha', 'beta']);
  const empty = buildListing([], 10);
  assert.equal(empty.text, '');
  assert.deepEqual(empty.included, []);
  assert.deepEqual(empty.dropped, []);
});

test('the budget counts code points, not UTF-16 units', () => {
  const emoji = { name: 'smile', description: '😀'.repeat(10) }; // 10 code points, 20 UTF-16 units
  const line = '- smile: ' + '😀'.repeat(10);
  const codePoints = [...line].length;
  assert.equal(line.length, codePoints + 10);
  assert.deepEqual(buildListing([emoji], codePoints).included, ['smile']);
  assert.equal(buildListing([emoji], codePoints).used, codePoints);
  assert.deepEqual(buildListing([emoji], codePoints - 1).dropped, ['smile']);
  // Non-BMP and BMP letters together: CJK counts one each, as does each astral character.
  const mixed = { name: 'mixed', description: '技能𝒳é' };
  const mixedLine = listingLine(mixed);
  assert.equal(buildListing([mixed], [...mixedLine].length).included.length, 1);
  assert.equal(buildListing([mixed], [...mixedLine].length - 1).included.length, 0);
});

test('white space in a description is folded onto one line and trimmed', () => {
  const item = { name: 'fold', description: '  Reviews a file.\n\n  Use when\tasked\r\nfor a review.  ' };
  assert.equal(listingLine(item), '- fold: Reviews a file. Use when asked for a review.');
  const listing = buildListing([item, A]);
  assert.equal(listing.text.split('\n').length, 2);
  assert.equal(listing.used, listingLine(item).length + 1 + lenA);
  // The folded length is what counts against the budget.
  assert.deepEqual(buildListing([item], listingLine(item).length).included, ['fold']);
});

test('an empty description still gives a line', () => {
  assert.equal(listingLine({ name: 'x', description: '' }), '- x: ');
});

test('names compare by code point, independent of locale', () => {
  const names = ['b', 'B', 'a-b', 'a', 'ä', 'a1', 'z'];
  assert.deepEqual([...names].sort(compareNames), ['B', 'a', 'a-b', 'a1', 'b', 'z', 'ä']);
  assert.equal(compareNames('x', 'x'), 0);
});
