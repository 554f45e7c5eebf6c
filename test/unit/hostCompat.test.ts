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
  // .github/skills is read by VS Code's agent alone, where .agents/skills would reach Codex too.
  const found = await findings('.github/skills/review/SKILL.md', skill('review', 'Reviews code. Use when asked.'));
  assert.deepEqual(
    found.map((f) => [f.host, f.severity]),
    [
      ['claude-code', 'info'],
      ['codex', 'info'],
    ],
  );
  assert.equal(
    found[1].message,
    'Codex will not find this skill: Codex does not read .github/skills/; it reads .agents/skills, .codex/skills.',
  );
});

test('no problem for the folder where no one folder reaches more of the chosen hosts: .agents/skills and .claude/skills, by default', async () => {
  const text = skill('review', 'Reviews code. Use when asked.');
  // Where New Skill puts a skill: VS Code's agent and Codex read it; Claude Code reads .claude/skills, which Codex does not.
  assert.deepEqual(await findings('.agents/skills/review/SKILL.md', text), []);
  assert.deepEqual(await findings('.claude/skills/review/SKILL.md', text), []);
  // With Copilot CLI chosen instead of Claude Code, .agents/skills reaches all three: nothing to say there either...
  assert.deepEqual(await findings('.agents/skills/review/SKILL.md', text, ['vscode', 'copilot-cli', 'codex']), []);
  // ...and .claude/skills misses Codex where one folder would not.
  assert.deepEqual(
    (await findings('.claude/skills/review/SKILL.md', text, ['vscode', 'copilot-cli', 'codex'])).map((f) => f.host),
    ['codex'],
  );
});

test('a well-placed skill still gets the problems that are not about its folder', async () => {
  const found = await findings('.agents/skills/review/SKILL.md', skill('review', 'x'.repeat(1100)));
  // Both cut a description over 1,024 characters; Claude Code (1,536), which does not read the folder, is not named.
  assert.deepEqual(
    found.map((f) => [f.host, f.severity]),
    [
      ['vscode', 'info'],
      ['codex', 'info'],
    ],
  );
  assert.match(found[0].message, /^VS Code's agent /);
  assert.match(found[1].message, /^Codex /);
});

test("a name that differs from its folder: the lint's name-mismatch says it, with its rename, so no host repeats it", async () => {
  // VS Code's agent calls such a skill by its folder, and Claude Code too: both only because of the name.
  assert.deepEqual(
    await findings('.github/skills/folder/SKILL.md', skill('other', 'Does it. Use when asked.'), ['vscode']),
    [],
  );
  // A host that misses the skill for another reason still says so, without the name's part or its rename.
  const [codex] = await findings('.claude/skills/folder/SKILL.md', skill('other', 'Does it. Use when asked.'), [
    'vscode',
    'codex',
  ]);
  assert.equal(codex.host, 'codex');
  assert.equal(codex.about, 'file');
  assert.doesNotMatch(codex.message, /folder's name/);
  assert.ok(codex.fixes.every((fix) => fix.kind !== 'rename-to-folder'));
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
