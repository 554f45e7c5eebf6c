// What the agent CLIs' own output says about a headless run (src/core/impact/hostTranscripts.ts),
// read from output the pinned hosts printed against the loopback mock model
// (test/data/impact-hosts/README.md says how each was recorded).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { codexListedSkills, codexPromptListing, parseHostRun } from '../../src/core/impact/hostTranscripts';
import { findRepoRoot } from './engineTestUtils';
import { testPath as path } from './testPaths';

const TIMEOUT = { timeout: 30_000 };
const data = (name: string) => fs.readFileSync(path.join(findRepoRoot(), 'test', 'data', 'impact-hosts', name), 'utf8');

test(
  'Claude Code: the init event names the skill, a Skill tool call opens it, the result has the answer and usage',
  TIMEOUT,
  () => {
    const run = parseHostRun('claude-code', data('claude-load.jsonl'), 0, 'csv-report');
    assert.equal(run.error, undefined);
    assert.equal(run.answer, 'done');
    assert.ok(run.skillsFound?.includes('csv-report'), String(run.skillsFound));
    assert.equal(run.loaded, true);
    assert.ok((run.usage.inputTokens ?? 0) > 0 && run.usage.costUsd !== undefined, JSON.stringify(run.usage));
    // Another skill's name is not this one: not opened.
    assert.equal(parseHostRun('claude-code', data('claude-load.jsonl'), 0, 'other-skill').loaded, false);
  },
);

test('Claude Code: a 429 is a rate limit, an error and never an answer', TIMEOUT, () => {
  const run = parseHostRun('claude-code', data('claude-429.jsonl'), 1, 'csv-report');
  assert.equal(run.error?.kind, 'rate-limit');
  assert.match(run.error.message, /429/);
});

test(
  'Copilot CLI: session.skills_loaded names the skill, its skill tool opens it; a 429 after retries is a rate limit',
  TIMEOUT,
  () => {
    const run = parseHostRun('copilot-cli', data('copilot-load.jsonl'), 0, 'csv-report');
    assert.equal(run.error, undefined);
    assert.equal(run.answer, 'done');
    assert.ok(run.skillsFound?.includes('csv-report'));
    assert.equal(run.loaded, true);
    const limited = parseHostRun('copilot-cli', data('copilot-429.jsonl'), 1, 'csv-report');
    assert.equal(limited.error?.kind, 'rate-limit');
    assert.match(limited.error.message, /retried 5 times/);
  },
);

test(
  'Codex: the agent message is the answer, turn.failed an error; its listing comes from debug prompt-input',
  TIMEOUT,
  () => {
    const ok = parseHostRun('codex', data('codex-ok.jsonl'), 0, 'csv-report');
    assert.equal(ok.error, undefined);
    assert.equal(ok.answer, 'done');
    assert.equal(ok.skillsFound, undefined, 'exec --json does not say which skills it listed');
    assert.equal(ok.usage.inputTokens, 1);
    const failed = parseHostRun('codex', data('codex-400.jsonl'), 1, 'csv-report');
    assert.equal(failed.error?.kind, 'crash');
    assert.match(failed.error.message, /MOCK injected/);
    const listing = codexPromptListing(data('codex-prompt-input.json'));
    assert.match(listing, /<skills_instructions>/);
    const names = codexListedSkills(listing);
    assert.ok(names.includes('csv-report'), String(names));
    assert.ok(names.includes('skill-creator'), 'the system skills are listed too');
    assert.ok(!names.some((n) => n.includes(' ')), String(names));
    assert.equal(codexPromptListing('not json'), '');
  },
);

test(
  'a host that exits non-zero without saying why is a crash; output with no result event is one too',
  TIMEOUT,
  () => {
    const claude = data('claude-load.jsonl')
      .split('\n')
      .filter((l) => !l.includes('"type":"result"'))
      .join('\n');
    assert.equal(parseHostRun('claude-code', claude, 0, 'csv-report').error?.kind, 'crash');
    assert.match(parseHostRun('codex', data('codex-ok.jsonl'), 137, 'csv-report').error!.message, /exited with 137/);
    assert.equal(parseHostRun('copilot-cli', '', null, 'csv-report').error?.kind, 'crash');
  },
);

test('Claude Code: a refused permission is an error, not a fail', TIMEOUT, () => {
  const lines = data('claude-load.jsonl')
    .split('\n')
    .map((l) => {
      if (!l.includes('"type":"result"')) return l;
      const o = JSON.parse(l);
      o.permission_denials = [{ tool_name: 'Bash', tool_use_id: 't1', tool_input: { command: 'ls' } }];
      return JSON.stringify(o);
    });
  const run = parseHostRun('claude-code', lines.join('\n'), 0, 'csv-report');
  assert.equal(run.error?.kind, 'permission');
  assert.match(run.error.message, /Bash/);
});

test(
  "a read of the skill's SKILL.md counts as opening it, with either separator; another skill's does not",
  TIMEOUT,
  () => {
    const read = (command: string) =>
      JSON.stringify({ type: 'item.completed', item: { type: 'command_execution', command } }) +
      '\n' +
      data('codex-ok.jsonl');
    assert.equal(
      parseHostRun('codex', read('cat /WS/.agents/skills/csv-report/SKILL.md'), 0, 'csv-report').loaded,
      true,
    );
    assert.equal(
      parseHostRun('codex', read('type C:\\WS\\.agents\\skills\\csv-report\\SKILL.md'), 0, 'csv-report').loaded,
      true,
    );
    assert.equal(parseHostRun('codex', read('cat csv-report/SKILL.md | head'), 0, 'csv-report').loaded, true);
    assert.equal(
      parseHostRun('codex', read('cat /WS/.agents/skills/my-csv-report/SKILL.md'), 0, 'csv-report').loaded,
      false,
    );
    assert.equal(parseHostRun('codex', data('codex-ok.jsonl'), 0, 'csv-report').loaded, false);
  },
);
