// `host-compat` findings and their fixes (docs/hosts.md, "In the editor"), from verdicts of
// skills read on the in-memory file system; and the shortened description as YAML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import { joinPath, normalizePath } from '../../src/core/base/paths';
import { readSkillRecord } from '../../src/core/catalog/skillRecord';
import { hostCompatFindings, shortenedScalar } from '../../src/core/hosts/hostCompat';
import type { HostId } from '../../src/core/hosts/profiles';
import { hostVerdicts } from '../../src/core/hosts/verdicts';
import { parse } from 'yaml';

const ROOT = normalizePath(process.platform === 'win32' ? 'C:/mem' : '/mem');
const WS = joinPath(ROOT, 'ws');

async function findings(relative: string, text: string, hosts: HostId[] = ['vscode', 'claude-code', 'codex']) {
  const fs = new MemoryFileSystem(ROOT).addFile(joinPath(WS, relative), text);
  const parts = relative.split('/');
  const read = await readSkillRecord(fs, joinPath(WS, relative), {
    path: joinPath(WS, ...parts.slice(0, -2)),
    label: parts.slice(0, -2).join('/'),
    scope: 'workspace',
    rank: 0,
    root: WS,
  });
  assert.ok(read.ok);
  const record = read.record;
  return hostCompatFindings(
    record,
    new Map(
      hosts.map((host) => [host, hostVerdicts(host, [record], { projectRoots: [WS], home: undefined }).get(record)!]),
    ),
  );
}

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`;

test('a skill in skills/ is found by no chosen host: one warning each, with a move into a folder the host reads', async () => {
  const found = await findings('skills/review/SKILL.md', skill('review', 'Reviews code. Use when asked.'));
  assert.deepEqual(
    found.map((f) => [f.host, f.severity]),
    [
      ['vscode', 'warning'],
      ['claude-code', 'warning'],
      ['codex', 'warning'],
    ],
  );
  assert.match(found[1].message, /^Claude Code will not find this skill: Claude Code does not read skills\//);
  const moves = found.map((f) => f.fixes.find((x) => x.kind === 'move'));
  assert.deepEqual(
    moves.map((m) => m && m.kind === 'move' && m.to),
    [
      joinPath(WS, '.agents/skills/review'),
      joinPath(WS, '.claude/skills/review'),
      joinPath(WS, '.agents/skills/review'),
    ],
  );
  assert.equal(moves[1]!.title, 'Move to .claude/skills/review (read by Claude Code)');
});

test('a skill that loads somewhere gets information, not a warning, for the hosts that miss it', async () => {
  const found = await findings('.claude/skills/review/SKILL.md', skill('review', 'Reviews code. Use when asked.'));
  assert.deepEqual(
    found.map((f) => [f.host, f.severity]),
    [['codex', 'info']],
  );
});

test("VS Code's agent: a name that differs from its folder, which it replaces by the folder's, with the rename fix at the name", async () => {
  const [finding] = await findings('.github/skills/folder/SKILL.md', skill('other', 'Does it. Use when asked.'), [
    'vscode',
  ]);
  assert.equal(finding.about, 'name');
  assert.equal(finding.severity, 'info');
  assert.match(finding.message, /^VS Code's agent calls this skill by its folder: VS Code's agent calls it 'folder'/);
  assert.deepEqual(finding.fixes, [
    { kind: 'rename-to-folder', title: "Rename to 'folder', the folder's name", name: 'folder' },
  ]);
});

test('a description over 1,024 characters: shorten to the cap where it is refused', async () => {
  const [finding] = await findings('.agents/skills/wordy/SKILL.md', skill('wordy', 'w'.repeat(1100)), [
    'vscode-copilot',
  ]);
  assert.match(
    finding.message,
    /will not load this skill: VS Code's agent \(Copilot harness\) refuses a description over 1024 characters/,
  );
  assert.deepEqual(
    finding.fixes.map((f) => f.title),
    ['Shorten the description to 1024 characters'],
  );
});

test('a lowercase skill.md: rename the file', async () => {
  const [finding] = await findings('.agents/skills/low/skill.md', skill('low', 'Low. Use when asked.'), ['codex']);
  const fix = finding.fixes[0];
  assert.ok(fix.kind === 'rename-file' && fix.to === joinPath(WS, '.agents/skills/low/SKILL.md'));
});

test('shortenedScalar: any style in, a double-quoted scalar out that YAML reads back, cut at a word', () => {
  const read = (scalar: string) => parse(`d: ${scalar}`).d;
  assert.equal(read(shortenedScalar('>-\n  Long folded\n  text: here.', 100)), 'Long folded text: here.');
  assert.equal(read(shortenedScalar('"say \\"hi\\" now"', 100)), 'say "hi" now');
  assert.equal(read(shortenedScalar("'it''s here'", 100)), "it's here");
  assert.equal(read(shortenedScalar('one two three four', 13)), 'one two three');
  assert.ok([...read(shortenedScalar('x'.repeat(2000), 1024))].length === 1024);
});
