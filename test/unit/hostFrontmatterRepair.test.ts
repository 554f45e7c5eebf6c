// Codex's second reading of invalid frontmatter (core/hosts/frontmatterRepair.ts) and the hosts'
// readings of a body for a missing description (core/catalog/bodyLead.ts). Expected values are
// what the hosts themselves returned for these inputs (docs/hosts.md, "How to check a fact").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import { joinPath, normalizePath } from '../../src/core/base/paths';
import { bodyFirstLine, bodyLead } from '../../src/core/catalog/bodyLead';
import { readSkillRecord } from '../../src/core/catalog/skillRecord';
import { repairedFrontmatterFields, repairPlainColons } from '../../src/core/hosts/frontmatterRepair';

test('repairPlainColons quotes a plain value that holds ": ", keeping a comment after it', () => {
  assert.equal(
    repairPlainColons('name: x\ndescription: bad: colon # note\n'),
    "name: x\ndescription: 'bad: colon' # note",
  );
  assert.equal(repairPlainColons("description: it's: fine"), "description: 'it''s: fine'");
});

test('repairPlainColons leaves quoted values, block scalars and URLs alone, and says when nothing changed', () => {
  assert.equal(repairPlainColons('description: "a: b"\n'), undefined);
  assert.equal(repairPlainColons('description: >-\n  text: with colon\n'), undefined);
  assert.equal(repairPlainColons('homepage: http://example.com\n'), undefined);
  assert.equal(repairPlainColons('description: plain\n'), undefined);
});

test('repairPlainColons quotes an invalid flow-like start ([ { @ `) but not a valid flow collection', () => {
  assert.equal(repairPlainColons('description: [unclosed'), "description: '[unclosed'");
  assert.equal(repairPlainColons('description: @mention'), "description: '@mention'");
  assert.equal(repairPlainColons('tags: [a, b]'), undefined);
});

test('repairedFrontmatterFields: what codex read for each case it was given', () => {
  // Loaded by Codex 0.171.0 (codex app-server skills/list), with these descriptions.
  assert.deepEqual(repairedFrontmatterFields('name: colon1\ndescription: bad: colon\n'), {
    name: 'colon1',
    description: 'bad: colon',
  });
  assert.deepEqual(repairedFrontmatterFields('name: colon2\ndescription: a: b: c\n'), {
    name: 'colon2',
    description: 'a: b: c',
  });
  assert.deepEqual(repairedFrontmatterFields('name: colon3\ndescription: ok\nextra: x: y\n'), {
    name: 'colon3',
    description: 'ok',
  });
  assert.deepEqual(repairedFrontmatterFields('name: a: b\ndescription: fine\n'), { name: 'a: b', description: 'fine' });
  assert.deepEqual(repairedFrontmatterFields('name: flow\ndescription: [unclosed\n'), {
    name: 'flow',
    description: '[unclosed',
  });
  // Refused by Codex: the repair does not touch these lines, or does not help.
  for (const text of [
    'description: *nope\n',
    'description: - item\n',
    'description: "unclosed\n',
    'description: x\n  more: y\n',
    'description: line one\n  line two: with colon\n',
    'description: x\n\tmeta: y\n',
  ]) {
    assert.equal(repairedFrontmatterFields(`name: n\n${text}`), undefined, text);
  }
});

test('repairedFrontmatterFields: a duplicate key still fails, and a list is not a description', () => {
  assert.equal(repairedFrontmatterFields('description: a: b\ndescription: c: d\n'), undefined);
  assert.equal(repairedFrontmatterFields('x: a: b\ndescription:\n  - item\n'), undefined);
  assert.deepEqual(repairedFrontmatterFields('x: a: b\ndescription:\n'), { name: undefined, description: null });
});

test('bodyLead: Copilot joins the lines without headings or blanks and cuts at 1,024 (observed)', () => {
  assert.deepEqual(bodyLead('Line one.\nLine two.\n'), { lead: 'Line one. Line two.', complete: false });
  assert.equal(
    bodyLead('\n\n# Heading\n\nPara one line one\nline two.\n\nPara two.\n').lead,
    'Para one line one line two. Para two.',
  );
  assert.equal(bodyLead('#nospace line\nnext\n').lead, 'next');
  assert.equal(bodyLead('  # indented heading\nnext\n').lead, 'next');
  assert.equal(bodyLead('x\n\n\n\ny\ttab\n').lead, 'x y\ttab');
  assert.equal(bodyLead('- item one\n- item two\n').lead, '- item one - item two');
  assert.equal(bodyLead('# Only heading\n').lead, '');
  const long = bodyLead(`${'a'.repeat(1020)}     ${'b'.repeat(10)}`);
  assert.deepEqual(long, { lead: `${'a'.repeat(1020)}    `, complete: true });
  assert.equal(bodyLead('é'.repeat(1030)).lead.length, 1024);
});

test('bodyFirstLine: Claude Code shows the first line that is not blank, without the heading marks (observed)', () => {
  assert.equal(bodyFirstLine('\n# Heading\n\nPara one\n'), 'Heading');
  assert.equal(bodyFirstLine('Only line.\n'), 'Only line.');
  assert.equal(bodyFirstLine('No frontmatter body.\nSecond.\n'), 'No frontmatter body.');
  assert.equal(bodyFirstLine('\n\n'), '');
});

test('the scan keeps the start of the body only for a skill without a description, reading on when the head ends first', async () => {
  const root = normalizePath(process.platform === 'win32' ? 'C:/mem' : '/mem');
  const fs = new MemoryFileSystem(root);
  const location = { path: joinPath(root, 'skills'), label: 'skills', scope: 'workspace' as const, rank: 0, root };
  // 600 heading lines (6,000 bytes) before the first text: past the 4,096 bytes a scan reads first.
  const quiet = joinPath(root, 'skills/quiet/SKILL.md');
  fs.addFile(quiet, `---\nname: quiet\n---\n${'# heading\n'.repeat(600)}The text.\n`);
  const described = joinPath(root, 'skills/told/SKILL.md');
  fs.addFile(described, '---\nname: told\ndescription: Said. Use when testing.\n---\nBody.\n');
  const read = await readSkillRecord(fs, quiet, location);
  assert.ok(read.ok);
  assert.equal(bodyLead(read.record.bodyHead ?? '').lead, 'The text.');
  const told = await readSkillRecord(fs, described, location);
  assert.ok(told.ok);
  assert.equal(told.record.bodyHead, undefined);
});
