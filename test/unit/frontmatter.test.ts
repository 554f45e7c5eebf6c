// Parsing of SKILL.md texts: fences, the YAML reader and every item of docs/format.md's parsing list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isFenceLine, parseSkillFile, splitFrontmatter, stripBom } from '../../src/core/lint/frontmatter';
import { computeLineStarts, detectLineEnding, LineMap } from '../../src/core/base/textPositions';
import { analyze, codes, only, rangeTuple, skill } from './lintTestUtils';

test('LineMap converts offsets and positions for LF, CRLF and lone CR', () => {
  const lines = new LineMap('ab\ncd\r\nef\rgh');
  assert.deepEqual(lines.lineStarts, [0, 3, 7, 10]);
  assert.deepEqual(lines.positionAt(4), { line: 1, character: 1 });
  assert.deepEqual(lines.positionAt(8), { line: 2, character: 1 });
  assert.deepEqual(lines.positionAt(100), { line: 3, character: 2 });
  assert.equal(lines.offsetAt({ line: 1, character: 99 }), 5);
  assert.equal(lines.offsetAt({ line: 3, character: 1 }), 11);
  assert.equal(lines.lineContentEnd(1), 5);
  assert.deepEqual(computeLineStarts(''), [0]);
  assert.deepEqual(computeLineStarts('a\n'), [0, 2]);
});

test('detectLineEnding follows the first line break', () => {
  assert.equal(detectLineEnding('a\r\nb\n'), '\r\n');
  assert.equal(detectLineEnding('a\nb\r\n'), '\n');
  assert.equal(detectLineEnding('no break'), '\n');
});

test('fence lines are --- with optional trailing spaces or tabs only', () => {
  assert.equal(isFenceLine('---'), true);
  assert.equal(isFenceLine('---  \t'), true);
  assert.equal(isFenceLine('----'), false);
  assert.equal(isFenceLine(' ---'), false);
  assert.equal(isFenceLine('--- x'), false);
});

test('splitFrontmatter finds the fences and the body', () => {
  const text = '---\nname: a\n---\nbody\n';
  const split = splitFrontmatter(text);
  assert.equal(split.kind, 'closed');
  if (split.kind !== 'closed') return;
  assert.deepEqual(split.open, { start: 0, end: 3 });
  assert.deepEqual(split.close, { start: 12, end: 15 });
  assert.deepEqual(split.yaml, { start: 4, end: 12 });
  assert.equal(text.slice(split.bodyStart), 'body\n');
  assert.equal(splitFrontmatter('# title\n').kind, 'no-frontmatter');
  assert.equal(splitFrontmatter('---\nname: a\n').kind, 'unclosed');
  const noBreak = splitFrontmatter('---\nname: a\n---');
  assert.equal(noBreak.kind === 'closed' && noBreak.bodyStart, 15);
});

test('a UTF-8 BOM is stripped, flagged, and positions are computed without it', () => {
  assert.deepEqual(stripBom('\uFEFFx'), { text: 'x', hasBom: true });
  const text = '\uFEFF' + skill(['name: code-review', 'description: Reviews code.']);
  const analysis = analyze(text);
  assert.equal(analysis.hasBom, true);
  assert.equal(analysis.name, 'code-review');
  assert.deepEqual(codes(analysis), ['bom']);
  assert.equal(analysis.bodyOffset, '---\nname: code-review\ndescription: Reviews code.\n---\n'.length);
  // hasBom from the caller (the bytes had one that the text no longer has).
  assert.equal(analyze(skill(['name: code-review', 'description: d']), { hasBom: true }).hasBom, true);
});

test('CRLF line endings', () => {
  const text = skill(['name: code-review', 'description: Reviews', '  code.'], 'Body\r\n', '\r\n');
  const analysis = analyze(text);
  assert.deepEqual(codes(analysis), []);
  assert.equal(analysis.description, 'Reviews code.');
  assert.equal(analysis.bodyLine, 5);
  assert.equal(text.slice(analysis.bodyOffset), 'Body\r\n');
});

test('a closing --- with trailing spaces', () => {
  const analysis = analyze('---\nname: code-review\ndescription: d\n---   \nBody\n');
  assert.deepEqual(codes(analysis), []);
  assert.equal(analysis.bodyLine, 4);
});

test('folded (>, >-) and literal (|) descriptions', () => {
  const folded = analyze(skill(['name: code-review', 'description: >', '  Reviews a file.', '  Use when asked.']));
  assert.equal(folded.description, 'Reviews a file. Use when asked.\n');
  const strip = analyze(skill(['name: code-review', 'description: >-', '  Reviews a file.', '', '  Use when asked.']));
  assert.equal(strip.description, 'Reviews a file.\nUse when asked.');
  const literal = analyze(skill(['name: code-review', 'description: |', '  Line one.', '  Line two.']));
  assert.equal(literal.description, 'Line one.\nLine two.\n');
  for (const a of [folded, strip, literal]) assert.deepEqual(codes(a), []);
});

test('plain multi-line descriptions wrapped by a formatter', () => {
  const analysis = analyze(
    skill([
      'name: code-review',
      'description: Reviews a file against',
      '  the conventions. Use when',
      '  asked for a review.',
    ]),
  );
  assert.equal(analysis.description, 'Reviews a file against the conventions. Use when asked for a review.');
  assert.deepEqual(codes(analysis), []);
});

test('quoted values', () => {
  const analysis = analyze(skill(["name: 'code-review'", 'description: "Says \\"hi\\": then\\tstops"']));
  assert.equal(analysis.name, 'code-review');
  assert.equal(analysis.description, 'Says "hi": then\tstops');
  assert.deepEqual(codes(analysis), []);
});

test('flow mappings, for the whole frontmatter and for metadata', () => {
  const whole = analyze(skill(['{name: code-review, description: "Reviews code."}']));
  assert.equal(whole.name, 'code-review');
  assert.equal(whole.description, 'Reviews code.');
  assert.deepEqual(codes(whole), []);
  const meta = analyze(
    skill(['name: code-review', 'description: d', 'metadata: {"nanobot":{"emoji":"🐙","requires":{"bins":["gh"]}}}']),
  );
  assert.deepEqual(codes(meta), []);
  assert.deepEqual(meta.frontmatter?.metadata, { nanobot: { emoji: '🐙', requires: { bins: ['gh'] } } });
});

test('--- inside a value keeps the whole text', () => {
  const analysis = analyze(skill(['name: code-review', 'description: before --- after']));
  assert.equal(analysis.description, 'before --- after');
  const block = analyze(skill(['name: code-review', 'description: |', '  before', '  ---', '  after']));
  assert.equal(block.description, 'before\n---\nafter\n');
  assert.deepEqual(codes(block), []);
});

test('an empty frontmatter is an empty mapping', () => {
  const analysis = analyze('---\n---\nBody\n');
  assert.deepEqual(analysis.frontmatter, {});
  assert.deepEqual(codes(analysis), ['name-missing', 'description-missing']);
  const commentsOnly = analyze('---\n# nothing here\n---\nBody\n');
  assert.deepEqual(commentsOnly.frontmatter, {});
});

test('scalars are read as the string their author wrote', () => {
  const cases: [string, string][] = [
    ['123', '123'],
    ['1.10', '1.10'],
    ['0x1F', '0x1F'],
    ['true', 'true'],
    ['1e3', '1e3'],
  ];
  for (const [source, expected] of cases) {
    const analysis = analyze(skill([`name: ${source}`, `description: ${source}`]), { folderName: expected });
    assert.equal(analysis.name, expected, source);
    assert.equal(analysis.description, expected, source);
    assert.equal(codes(analysis).includes('name-mismatch'), false, source);
  }
  const file = parseSkillFile(skill(['name: 1.10']));
  assert.equal(file.fields[0].value.text, '1.10');
  assert.equal(file.fields[0].value.style, 'plain');
});

test('lengths are counted in code points, not UTF-16 units', () => {
  const emoji = '😀'.repeat(1024); // 2048 UTF-16 units
  assert.deepEqual(codes(analyze(skill(['name: code-review', `description: ${emoji}`]))), []);
  assert.deepEqual(codes(analyze(skill(['name: code-review', `description: ${emoji}😀`]))), ['description-too-long']);
});

test('fields keep exact source ranges', () => {
  const file = parseSkillFile(
    skill(['name: code-review  # the name', 'description: >-', '  Folded', '  text', 'license: MIT']),
  );
  const [name, description, license] = file.fields;
  assert.deepEqual(name.keySpan, { start: 4, end: 8 });
  assert.equal(file.text.slice(name.value.span.start, name.value.span.end), 'code-review');
  assert.equal(file.text.slice(description.value.span.start, description.value.span.end), '>-\n  Folded\n  text');
  assert.equal(description.value.style, 'block');
  assert.equal(file.text.slice(license.keySpan.start, license.keySpan.end), 'license');
});

test('the analysis reports name, description, frontmatter, hidden and body position', () => {
  const text = skill(
    ['name: code-review', 'description: Reviews code.', 'disable-model-invocation: true', 'argument-hint: [file]'],
    'Body\n',
  );
  const analysis = analyze(text);
  assert.equal(analysis.name, 'code-review');
  assert.equal(analysis.description, 'Reviews code.');
  assert.equal(analysis.hidden, true);
  assert.deepEqual(analysis.frontmatter?.['argument-hint'], ['file']);
  assert.equal(analysis.bodyLine, 6);
  assert.equal(text.slice(analysis.bodyOffset), 'Body\n');
  assert.equal(analysis.complete, true);
  assert.equal(analyze(text, { complete: false }).complete, false);
  assert.equal(
    analyze(skill(['name: code-review', 'description: d', 'disable-model-invocation: false'])).hidden,
    false,
  );
  assert.equal(analyze(skill(['name: code-review', 'description: d'])).hidden, false);
});

test('a structural error leaves name, description and frontmatter undefined', () => {
  const analysis = analyze('---\nname: code-review\ndescription: a: b\n---\n');
  assert.equal(analysis.name, undefined);
  assert.equal(analysis.description, undefined);
  assert.equal(analysis.frontmatter, undefined);
  assert.equal(analysis.bodyOffset, '---\nname: code-review\ndescription: a: b\n---\n'.length);
  const unclosed = analyze('---\nname: code-review\n');
  assert.equal(unclosed.bodyOffset, undefined);
  assert.equal(unclosed.bodyLine, undefined);
});

test('a lost closing fence is told apart from bad YAML', () => {
  // The body runs into the YAML up to a later markdown rule (---).
  const text =
    '---\nname: code-review\ndescription: d\ntags:\n- a\n<!-- generated -->\n\n# Title\n\nText: more\n\n---\n\nEnd\n';
  const file = parseSkillFile(text);
  assert.equal(file.status, 'unclosed');
  assert.equal(file.split.kind === 'unclosed' && file.split.likelyBodyStart, text.indexOf('<!--'));
  const problem = only(analyze(text), 'unclosed-frontmatter');
  assert.deepEqual(rangeTuple(problem.range), [0, 0, 0, 3]);
});

test('YAML parse errors and duplicate keys come from the yaml parser', () => {
  const duplicate = parseSkillFile(skill(['name: a', 'description: d', 'name: b']));
  assert.equal(duplicate.status, 'yaml-syntax');
  assert.equal(duplicate.yamlError?.code, 'DUPLICATE_KEY');
  const colon = parseSkillFile(skill(['name: a', 'description: Use when: asked']));
  assert.equal(colon.yamlError?.colonInValue?.key, 'description');
  const list = parseSkillFile(skill(['- a', '- b']));
  assert.equal(list.status, 'not-mapping');
});
