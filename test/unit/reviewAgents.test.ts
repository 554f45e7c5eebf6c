// The review's line about agents (docs/install.md): display names, and no contradiction with the
// lint line when the skill has errors (Skillsmith does not offer it; the agents' own rules may load it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reviewMarkdown, type ReviewedSkill } from '../../src/core/install/review';
import type { Problem } from '../../src/core/base/types';

const error: Problem = {
  code: 'name-mismatch',
  severity: 'error',
  message: "The name 'other' differs from the folder 'tool'.",
  range: { start: { line: 1, character: 6 }, end: { line: 1, character: 11 } },
};

const reviewed = (errors: Problem[], loads: Record<string, boolean>): ReviewedSkill => ({
  name: 'tool',
  description: 'Does it. Use when asked.',
  path: 'skills/tool',
  dir: '/src/skills/tool',
  errors,
  security: [],
  quality: [],
  warnings: 0,
  actions: [],
  notReviewed: [],
  unreadData: [],
  hosts: Object.entries(loads).map(([host, load]) => ({
    host: host as ReviewedSkill['hosts'][number]['host'],
    loads: load,
  })),
  files: 1,
});

test(
  'a skill with errors: Skillsmith does not offer it, and the agents that load it are named as such',
  { timeout: 10_000 },
  () => {
    const text = reviewMarkdown('owner/repo', null, [
      reviewed([error], { vscode: true, 'claude-code': true, codex: false }),
    ]);
    assert.match(
      text,
      /\n- Lint: 1 error \(name-mismatch: Skillsmith's own tools and `@skills` do not offer it until they are fixed\), 0 warnings\.\n/,
    );
    assert.doesNotMatch(text, /no agent/);
    assert.match(
      text,
      /\n- Loaded by VS Code's agent and Claude Code \(by their own rules, whatever the lint errors\); not by Codex\.\n/,
    );
  },
);

test('a clean skill: the agents by their display names; none when none loads it', { timeout: 10_000 }, () => {
  const text = reviewMarkdown('owner/repo', null, [
    reviewed([], { vscode: true, 'claude-code': false, codex: true }),
    { ...reviewed([], { vscode: false, 'claude-code': false, codex: false }), name: 'nowhere' },
  ]);
  assert.match(text, /\n- Loaded by VS Code's agent and Codex; not by Claude Code\.\n/);
  assert.match(text, /\n- Loaded by none of the agents \(VS Code's agent, Claude Code and Codex\)\.\n/);
});
