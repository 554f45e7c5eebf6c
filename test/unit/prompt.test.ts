// The system prompt and the seed-mode per-skill tool names.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildSystemPrompt,
  perSkillToolName,
  perSkillToolDefinitions,
  skillNameForToolName,
} from '../../src/core/chat/prompt';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const LISTING = '- code-review: Reviews a file.\n- bug-report: Writes a bug report.';

test('the tools-mode prompt has the instructions, then the listing', () => {
  const prompt = buildSystemPrompt({ listing: LISTING, droppedCount: 0, mode: 'tools' });
  assert.match(prompt, /description matches the request/);
  assert.match(prompt, /Load a skill before following it/);
  assert.match(prompt, /load-skill tool/);
  assert.match(prompt, /Follow the loaded instructions/);
  assert.match(prompt, /scripts\/, references\/ or assets\//);
  assert.ok(prompt.endsWith(`Available skills:\n${LISTING}`));
  assert.doesNotMatch(prompt, /left out/);
  assert.doesNotMatch(prompt, /skill__/);
});

test('the per-skill prompt names the skill__ tools and their query', () => {
  const prompt = buildSystemPrompt({ listing: LISTING, droppedCount: 0, mode: 'perSkill' });
  assert.match(prompt, /skill__<name>/);
  assert.match(prompt, /`query`/);
  assert.doesNotMatch(prompt, /load-skill tool/);
  assert.ok(prompt.includes(LISTING));
});

test('dropped skills are mentioned, with singular and plural', () => {
  const many = buildSystemPrompt({ listing: LISTING, droppedCount: 3, mode: 'tools' });
  assert.match(many, /3 more skills are installed but left out of this list/);
  assert.match(many, /still load it by that name/);
  const one = buildSystemPrompt({ listing: LISTING, droppedCount: 1, mode: 'perSkill' });
  assert.match(one, /1 more skill is installed/);
  assert.doesNotMatch(one, /still load it by that name/);
});

test('an empty listing says so', () => {
  const prompt = buildSystemPrompt({ listing: '  \n', droppedCount: 0, mode: 'tools' });
  assert.match(prompt, /No skills are listed\.$/);
  assert.doesNotMatch(prompt, /Available skills/);
});

test('plain ASCII names stay readable', () => {
  assert.equal(perSkillToolName('code-review'), 'skill__code-review');
  assert.equal(perSkillToolName('a'), 'skill__a');
  assert.equal(perSkillToolName('x'.repeat(57)), `skill__${'x'.repeat(57)}`);
});

test('names that do not fit get a slug and a hash, within the tool-name pattern', () => {
  const names = ['мой-навык', '技能', 'café', 'My Skill', 'a_b', '', 'x'.repeat(58), 'é'.repeat(64), '🙂-emoji', 'a.b'];
  for (const name of names) {
    const tool = perSkillToolName(name);
    assert.match(tool, TOOL_NAME, name);
    assert.ok(tool.startsWith('skill__'), name);
    assert.match(tool, /_[0-9a-f]{10}$/, name);
    assert.equal(perSkillToolName(name), tool, 'deterministic');
  }
  assert.match(perSkillToolName('café'), /^skill__cafe_[0-9a-f]{10}$/);
  assert.match(perSkillToolName('My Skill'), /^skill__My-Skill_[0-9a-f]{10}$/);
  assert.match(perSkillToolName('技能'), /^skill___[0-9a-f]{10}$/);
  assert.equal(perSkillToolName('x'.repeat(64)).length, 64);
});

test('names that would share a slug get distinct tool names', () => {
  const clashing = [
    'café',
    'cafe',
    'cafë',
    'cafe\u0301',
    '技能',
    '技术',
    'мой-навык',
    'мой-навыки',
    'a_b',
    'a.b',
    'a b',
    'a-b',
    'x'.repeat(58),
    'x'.repeat(59),
    'x'.repeat(60),
  ];
  const tools = clashing.map(perSkillToolName);
  assert.equal(new Set(tools).size, clashing.length, tools.join('\n'));
  for (const tool of tools) assert.match(tool, TOOL_NAME);
});

test('the reverse lookup finds the skill behind a tool name', () => {
  const names = ['code-review', 'мой-навык', '技能', 'café', 'cafe'];
  for (const name of names) assert.equal(skillNameForToolName(perSkillToolName(name), names), name);
  assert.equal(skillNameForToolName('skill__nope', names), undefined);
  assert.equal(skillNameForToolName('code-review', names), undefined);
  assert.equal(skillNameForToolName('load_skill', names), undefined);
});

test('per-skill tool definitions carry the description and a query schema', () => {
  const defs = perSkillToolDefinitions([
    { name: 'code-review', description: 'Reviews a file.' },
    { name: '技能', description: 'Does a thing.' },
  ]);
  assert.deepEqual(
    defs.map((d) => d.name),
    ['skill__code-review', perSkillToolName('技能')],
  );
  assert.match(defs[0].description, /Reviews a file\./);
  assert.match(defs[1].description, /'技能'/);
  const { properties, ...rest } = defs[0].inputSchema as {
    properties: { query: { type: string; description: string } };
  };
  assert.deepEqual(rest, { type: 'object', required: ['query'], additionalProperties: false });
  assert.deepEqual(Object.keys(properties), ['query']);
  assert.equal(properties.query.type, 'string');
  assert.ok(properties.query.description.length > 0);
});

test('a skill listed twice yields one tool', () => {
  const defs = perSkillToolDefinitions([
    { name: 'code-review', description: 'first' },
    { name: 'code-review', description: 'second' },
  ]);
  assert.equal(defs.length, 1);
  assert.match(defs[0].description, /first/);
});
