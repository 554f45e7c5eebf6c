// "Which agents load this skill?" (docs/hosts.md, "Which agents load a skill"): the words of the
// answer the Skills view's tooltip, the hover and Show Listing give, from verdicts of skills read
// on the in-memory file system; and the one display name of each host.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import { joinPath, normalizePath } from '../../src/core/base/paths';
import { readSkillRecord } from '../../src/core/catalog/skillRecord';
import { agentsAnswer, agentsMarkdown } from '../../src/core/hosts/agentsAnswer';
import { HOST_NAMES, hostNameList, reachText } from '../../src/core/hosts/hostNames';
import { folderReaches } from '../../src/core/hosts/placement';
import { HOST_IDS, HOST_PROFILES, type HostId } from '../../src/core/hosts/profiles';
import { hostVerdicts } from '../../src/core/hosts/verdicts';

const ROOT = normalizePath(process.platform === 'win32' ? 'C:/mem' : '/mem');
const WS = joinPath(ROOT, 'ws');
const DEFAULT: HostId[] = ['vscode', 'claude-code', 'codex'];

async function answer(relative: string, text: string, hosts: HostId[] = DEFAULT) {
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
  return agentsAnswer(
    record,
    new Map(
      hosts.map((host) => [host, hostVerdicts(host, [record], { projectRoots: [WS], home: undefined }).get(record)!]),
    ),
  );
}

const skill = (name: string, description: string, extra = '') =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nBody.\n`;

test('one display name per host, and the profiles use it', { timeout: 10_000 }, () => {
  assert.deepEqual(HOST_NAMES, {
    vscode: "VS Code's agent",
    'claude-code': 'Claude Code',
    codex: 'Codex',
    'copilot-cli': 'Copilot CLI',
    'vscode-copilot': "VS Code's agent (Copilot harness)",
  });
  for (const host of HOST_IDS) assert.equal(HOST_PROFILES[host].displayName, HOST_NAMES[host]);
  assert.equal(hostNameList(['codex']), 'Codex');
  assert.equal(hostNameList(['vscode', 'codex']), "VS Code's agent and Codex");
  assert.equal(hostNameList(['vscode', 'claude-code', 'codex']), "VS Code's agent, Claude Code and Codex");
  assert.equal(
    reachText(['vscode', 'codex'], ['claude-code']),
    "read by VS Code's agent and Codex; not by Claude Code",
  );
  assert.equal(reachText([], ['codex']), 'read by none of your agents (skillsmith.hosts)');
});

test('which folders reach which default hosts: none reaches all three', { timeout: 10_000 }, () => {
  const reach = Object.fromEntries(folderReaches(DEFAULT, 'workspace').map((r) => [r.folder, r.hosts]));
  assert.deepEqual(reach, {
    '.agents/skills': ['vscode', 'codex'],
    '.claude/skills': ['vscode', 'claude-code'],
    '.github/skills': ['vscode'],
    '.codex/skills': ['codex'],
  });
});

test(
  'a skill in .agents/skills: loaded by two, not by Claude Code, and why that is no problem',
  { timeout: 10_000 },
  async () => {
    const found = await answer('.agents/skills/review/SKILL.md', skill('review', 'Reviews code. Use when asked.'));
    assert.equal(found.headline, "Loaded by VS Code's agent and Codex; not by Claude Code.");
    assert.deepEqual(
      found.lines.map((l) => [l.host, l.state, l.text]),
      [
        ['vscode', 'full', "VS Code's agent lists it to its model in full."],
        ['claude-code', 'not-found', 'Claude Code does not find it.'],
        ['codex', 'full', 'Codex lists it to its model in full.'],
      ],
    );
    assert.deepEqual(found.lines[1].why, ['Claude Code does not read .agents/skills/; it reads .claude/skills.']);
    assert.equal(
      found.advice,
      'No one folder is read by all your agents: this one reaches as many of them as one folder can, so it is no problem. Claude Code reads .claude/skills.',
    );
    assert.equal(
      agentsMarkdown(found),
      [
        "**Which agents load it:** Loaded by VS Code's agent and Codex; not by Claude Code.",
        '',
        "- ✓ VS Code's agent lists it to its model in full.",
        '- ⊘ Claude Code does not find it. Claude Code does not read .agents/skills/; it reads .claude/skills.',
        '- ✓ Codex lists it to its model in full.',
        '',
        'No one folder is read by all your agents: this one reaches as many of them as one folder can, so it is no problem. Claude Code reads .claude/skills.',
      ].join('\n'),
    );
  },
);

test('a skill everyone loads; one kept from the model; one no agent reads', { timeout: 10_000 }, async () => {
  const all = await answer('.agents/skills/review/SKILL.md', skill('review', 'Reviews code. Use when asked.'), [
    'vscode',
    'codex',
  ]);
  assert.equal(all.headline, "Loaded by all your agents: VS Code's agent and Codex.");
  assert.equal(all.advice, undefined);
  const hidden = await answer(
    '.claude/skills/deploy/SKILL.md',
    skill('deploy', 'Deploys. Use when asked.', 'disable-model-invocation: true\n'),
    ['vscode', 'claude-code'],
  );
  assert.deepEqual(
    hidden.lines.map((l) => [l.state, l.text]),
    [
      ['user-only', "VS Code's agent loads it for you to invoke; its model does not see it."],
      ['user-only', 'Claude Code loads it for you to invoke; its model does not see it.'],
    ],
  );
  const none = await answer('skills/legacy/SKILL.md', skill('legacy', 'Old. Use when asked.'));
  assert.equal(none.headline, "Loaded by none of your agents (VS Code's agent, Claude Code and Codex).");
  assert.equal(none.advice, undefined, 'a better folder exists: the problems say where');
});
