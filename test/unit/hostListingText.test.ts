// Show Listing's view per host (docs/hosts.md, "Show Listing"): in sentences, what each chosen
// host's model sees of the skills, in its order, and why the others are missing, from verdicts
// of skills read on the in-memory file system.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import { joinPath, normalizePath } from '../../src/core/base/paths';
import type { SkillLocation } from '../../src/core/catalog/locations';
import { readSkillRecord, type SkillRecord } from '../../src/core/catalog/skillRecord';
import { hostListingSections } from '../../src/core/hosts/hostListingText';
import type { HostId } from '../../src/core/hosts/profiles';
import type { CatalogVerdicts } from '../../src/core/hosts/verdictCache';
import { hostVerdicts } from '../../src/core/hosts/verdicts';

const ROOT = normalizePath(process.platform === 'win32' ? 'C:/mem' : '/mem');
const WS = joinPath(ROOT, 'ws');

const skill = (name: string, extra = '') =>
  `---\nname: ${name}\ndescription: Does ${name}. Use when asked.\n${extra}---\nBody.\n`;

async function records(files: Record<string, string>): Promise<SkillRecord[]> {
  const fs = new MemoryFileSystem(ROOT);
  for (const [relative, text] of Object.entries(files)) fs.addFile(joinPath(WS, relative), text);
  const read: SkillRecord[] = [];
  for (const relative of Object.keys(files)) {
    const parts = relative.split('/');
    const location: SkillLocation = {
      path: joinPath(WS, ...parts.slice(0, -2)),
      label: parts.slice(0, -2).join('/'),
      scope: 'workspace',
      rank: 0,
      root: WS,
    };
    const result = await readSkillRecord(fs, joinPath(WS, relative), location);
    assert.ok(result.ok);
    read.push(result.record);
  }
  return read;
}

function verdictsOf(hosts: HostId[], list: SkillRecord[]): CatalogVerdicts {
  const context = { projectRoots: [WS], home: undefined };
  const byHost = new Map(hosts.map((host) => [host, hostVerdicts(host, list, context)]));
  return {
    hosts,
    context,
    of: (record) => new Map(hosts.map((host) => [host, byHost.get(host)!.get(record)!])),
    changedSince: () => undefined,
  };
}

test(
  'a section per host in sentences: what its model sees, in its order, then why the others are missing',
  { timeout: 10_000 },
  async () => {
    const list = await records({
      '.agents/skills/beta/SKILL.md': skill('beta'),
      '.agents/skills/alpha/SKILL.md': skill('alpha'),
      '.agents/skills/deploy/SKILL.md': skill('deploy', 'disable-model-invocation: true\n'),
      'skills/legacy/SKILL.md': skill('legacy'),
    });
    const lines = hostListingSections(list, verdictsOf(['codex', 'claude-code'], list), (path) =>
      path.slice(WS.length + 1),
    );
    assert.deepEqual(lines, [
      '',
      '## In Codex (0.171.0)',
      '',
      'Its model sees 3 of your 4 skills, in this order: alpha, beta and deploy.',
      '',
      'Why:',
      '',
      '- legacy (skills/legacy/SKILL.md), not found: Codex does not read skills/; it reads .agents/skills, .codex/skills.',
      '',
      '## In Claude Code (2.1.332)',
      '',
      'Its model sees none of your 4 skills.',
      '',
      'Why:',
      '',
      '- beta (.agents/skills/beta/SKILL.md), not found: Claude Code does not read .agents/skills/; it reads .claude/skills.',
      '- alpha (.agents/skills/alpha/SKILL.md), not found: Claude Code does not read .agents/skills/; it reads .claude/skills.',
      '- deploy (.agents/skills/deploy/SKILL.md), not found: Claude Code does not read .agents/skills/; it reads .claude/skills.',
      '- legacy (skills/legacy/SKILL.md), not found: Claude Code does not read skills/; it reads .claude/skills.',
    ]);
  },
);

test(
  'a host that keeps a skill from its model says so, apart from what its model sees',
  { timeout: 10_000 },
  async () => {
    const list = await records({
      '.claude/skills/alpha/SKILL.md': skill('alpha'),
      '.claude/skills/deploy/SKILL.md': skill('deploy', 'disable-model-invocation: true\n'),
    });
    const lines = hostListingSections(list, verdictsOf(['claude-code'], list), (path) => path);
    assert.deepEqual(lines.slice(3), [
      'Its model sees 1 of your 2 skills, in this order: alpha.',
      '- For you to invoke only, its model does not see them: deploy.',
    ]);
  },
);
