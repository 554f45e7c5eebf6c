// Expansion (docs/expansion.md): header, substitutions, bundled files and the body cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { MAX_BODY_BYTES } from '../../src/core/base/limits';
import { capBody, expandSkill, splitArguments, substituteBody, usesArguments } from '../../src/core/loading/expand';

const DIR = '/work/skills/code-review';
/** The folder as the platform writes it (backslashes on Windows): what a model receives. */
const SHOWN = path.normalize(DIR);
const HEADER = `Base directory for this skill: ${SHOWN}\n\n`;

function expand(body: string, args?: string, bundledFiles?: string[]): string {
  return expandSkill({ skillDir: DIR, body, args, bundledFiles });
}

/** The expansion without its header (asserting that the header is there, exactly). */
function bodyOf(expansion: string): string {
  assert.ok(expansion.startsWith(HEADER), `header: ${JSON.stringify(expansion.slice(0, 80))}`);
  return expansion.slice(HEADER.length);
}

test('the expansion starts with exactly the base-directory header and a blank line', () => {
  const text = expand('Hello.\n');
  assert.equal(text, `Base directory for this skill: ${SHOWN}\n\nHello.`);
  assert.equal(text.split('\n')[0], `Base directory for this skill: ${SHOWN}`);
  assert.equal(text.split('\n')[1], '');
});

test('leading blank lines of the body are dropped, indentation kept', () => {
  assert.equal(bodyOf(expand('\n\n   indented\nnext\n\n')), '   indented\nnext');
});

test('$ARGUMENTS becomes the trimmed argument string', () => {
  assert.equal(bodyOf(expand('Review: $ARGUMENTS.', '  src/a.ts  ')), 'Review: src/a.ts.');
  assert.equal(bodyOf(expand('$ARGUMENTS|$ARGUMENTS', 'x y')), 'x y|x y');
  assert.equal(bodyOf(expand('[$ARGUMENTS]', '"quoted words" stay raw')), '["quoted words" stay raw]');
  assert.equal(bodyOf(expand('[$ARGUMENTS]')), '[]');
  assert.equal(bodyOf(expand('[$ARGUMENTS]', '   ')), '[]');
});

test('without a placeholder, non-empty args are appended after a blank line', () => {
  assert.equal(bodyOf(expand('Plain body.', 'src/a.ts')), 'Plain body.\n\nARGUMENTS: src/a.ts');
  assert.equal(bodyOf(expand('Plain body.', '  padded  ')), 'Plain body.\n\nARGUMENTS: padded');
  assert.equal(bodyOf(expand('Plain body.', '')), 'Plain body.');
  assert.equal(bodyOf(expand('Plain body.', '  \t ')), 'Plain body.');
  assert.equal(bodyOf(expand('Plain body.')), 'Plain body.');
  // ${SKILL_DIR} and an escaped \$ARGUMENTS are not argument placeholders.
  assert.equal(bodyOf(expand('In ${SKILL_DIR}.', 'x')), `In ${SHOWN}.\n\nARGUMENTS: x`);
  assert.equal(bodyOf(expand('Literal \\$ARGUMENTS.', 'x')), 'Literal $ARGUMENTS.\n\nARGUMENTS: x');
});

test('no append when the body uses $N or $ARGUMENTS[N]', () => {
  assert.equal(bodyOf(expand('First: $0', 'a b')), 'First: a');
  assert.equal(bodyOf(expand('Second: $ARGUMENTS[1]', 'a b')), 'Second: b');
  assert.equal(bodyOf(expand('Missing: [$ARGUMENTS[5]]', 'a b')), 'Missing: []');
  assert.doesNotMatch(expand('First: $0', 'a b'), /ARGUMENTS:/);
  assert.doesNotMatch(expand('Second: $ARGUMENTS[1]', 'a b'), /ARGUMENTS:/);
});

test('$ARGUMENTS[N] and $N are 0-based and split like a shell', () => {
  const args = `first "second word" 'third one' fo"u"r`;
  const body = '0=$0|1=$1|2=$ARGUMENTS[2]|3=$3|a0=$ARGUMENTS[0]|a1=$ARGUMENTS[1]';
  assert.equal(bodyOf(expand(body, args)), '0=first|1=second word|2=third one|3=four|a0=first|a1=second word');
});

test('an index with no argument becomes the empty string', () => {
  assert.equal(bodyOf(expand('[$0][$1][$ARGUMENTS[7]][$12]', 'only')), '[only][][][]');
  assert.equal(bodyOf(expand('[$0][$ARGUMENTS[0]]', '')), '[][]');
});

test('multi-digit indexes', () => {
  const args = Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ');
  assert.equal(bodyOf(expand('$10 $ARGUMENTS[11]', args)), 'w10 w11');
});

test('${SKILL_DIR} and ${CLAUDE_SKILL_DIR} become the absolute folder', () => {
  assert.equal(
    bodyOf(expand('Run ${SKILL_DIR}/scripts/a.sh and ${CLAUDE_SKILL_DIR}/b.sh')),
    `Run ${SHOWN}/scripts/a.sh and ${SHOWN}/b.sh`,
  );
});

test('\\$ escapes a dollar sign: the placeholder stays literal, without the backslash', () => {
  assert.equal(
    bodyOf(expand('Keep \\$ARGUMENTS and \\$1 but use $ARGUMENTS', 'x')),
    'Keep $ARGUMENTS and $1 but use x',
  );
  assert.equal(bodyOf(expand('Price: \\$5', '')), 'Price: $5');
});

test('substituted values are never substituted again', () => {
  const args = '$1 ${SKILL_DIR} $ARGUMENTS[0] \\$0';
  assert.equal(bodyOf(expand('[$ARGUMENTS]', args)), `[${args}]`);
  assert.equal(bodyOf(expand('[$0]', '$1 second')), '[$1]');
  assert.equal(bodyOf(expand('[$1]', 'first ${CLAUDE_SKILL_DIR}')), '[${CLAUDE_SKILL_DIR}]');
  assert.equal(bodyOf(expand('Plain.', '$ARGUMENTS')), 'Plain.\n\nARGUMENTS: $ARGUMENTS');
});

test('splitArguments: quotes group words and are removed', () => {
  assert.deepEqual(splitArguments(`a "b c" 'd e' f\\ g "h\\"i" ''`), ['a', 'b c', 'd e', 'f g', 'h"i', '']);
  assert.deepEqual(splitArguments('  spaced   out  '), ['spaced', 'out']);
  assert.deepEqual(splitArguments(`"it's" 'say "hi"'`), ["it's", 'say "hi"']);
  assert.deepEqual(splitArguments(''), []);
});

test('usesArguments sees placeholders, not escapes or the folder', () => {
  assert.equal(usesArguments('$ARGUMENTS'), true);
  assert.equal(usesArguments('$ARGUMENTS[3]'), true);
  assert.equal(usesArguments('$2'), true);
  assert.equal(usesArguments('\\$ARGUMENTS \\$2 ${SKILL_DIR} ${CLAUDE_SKILL_DIR}'), false);
  assert.equal(substituteBody('x', 'y', DIR), 'x\n\nARGUMENTS: y');
});

test('bundled files are listed after the body, relative, at most 50 with a "more" line', () => {
  const few = expand('Body.', undefined, ['references/guide.md', 'scripts/run.sh']);
  assert.ok(few.startsWith(`${HEADER}Body.\n\n`));
  const lines = few.split('\n');
  assert.deepEqual(lines.slice(-2), ['- references/guide.md', '- scripts/run.sh']);
  assert.match(few, /Files bundled with this skill/);

  const many = Array.from({ length: 73 }, (_, i) => `assets/file-${String(i).padStart(3, '0')}.txt`);
  const text = expand('Body.', undefined, many);
  const listed = text.split('\n').filter((line) => line.startsWith('- assets/'));
  assert.equal(listed.length, 50);
  assert.deepEqual(
    listed,
    many.slice(0, 50).map((f) => `- ${f}`),
  );
  assert.match(text.split('\n').at(-1)!, /23 more/);

  const exactly50 = expand('Body.', undefined, many.slice(0, 50));
  assert.doesNotMatch(exactly50, /more/);
  assert.doesNotMatch(expand('Body.', undefined, []), /bundled/);
});

test('arguments are appended before the bundled-file list', () => {
  const text = expand('Body.', 'x', ['a.txt']);
  assert.ok(text.startsWith(`${HEADER}Body.\n\nARGUMENTS: x\n\nFiles bundled`), text);
});

test('a body at 256 KiB is kept whole', () => {
  const body = 'a'.repeat(MAX_BODY_BYTES);
  const text = expand(body);
  assert.equal(bodyOf(text), body);
  assert.doesNotMatch(text, /cut/);
});

test('a body over 256 KiB is cut with a notice, without splitting a two-byte character', () => {
  const body = 'a' + 'é'.repeat(MAX_BODY_BYTES); // 'é' is 2 bytes; the cut falls inside one
  const text = expand(body);
  const kept = bodyOf(text).split('\n\n[Skillsmith:')[0];
  assert.ok(body.startsWith(kept), 'the kept body is a prefix of the original');
  assert.ok(!kept.includes('\uFFFD'), 'no replacement character');
  assert.ok(Buffer.byteLength(kept) <= MAX_BODY_BYTES);
  assert.equal(Buffer.byteLength(kept), MAX_BODY_BYTES - 1, 'only the split character is dropped');
  assert.match(text, /the body was cut at 256 KiB/);
  assert.match(text, /SKILL\.md holds 512 KiB/);
});

test('the cut never splits a four-byte character either', () => {
  for (const prefix of ['', 'a', 'ab', 'abc']) {
    const body = prefix + '😀'.repeat(MAX_BODY_BYTES / 4 + 10);
    const { body: kept, cut } = capBody(body);
    assert.equal(cut, true);
    assert.ok(body.startsWith(kept), `prefix '${prefix}'`);
    assert.ok(!kept.includes('\uFFFD'));
    assert.ok(Buffer.byteLength(kept) > MAX_BODY_BYTES - 4 && Buffer.byteLength(kept) <= MAX_BODY_BYTES);
  }
});

test('the cut notice reports the size of the whole file when only part was read', () => {
  const text = expandSkill({ skillDir: DIR, body: 'x'.repeat(MAX_BODY_BYTES + 1), fileBytes: 3 * 1024 * 1024 });
  assert.match(text, /SKILL\.md holds 3072 KiB/);
});

test('the cap applies to the body from disk, not to the substituted arguments', () => {
  const body = 'x'.repeat(100) + '$ARGUMENTS';
  const args = 'y'.repeat(MAX_BODY_BYTES);
  const text = expand(body, args);
  assert.equal(bodyOf(text), 'x'.repeat(100) + args);
});
