// Verdicts per skill and host (docs/hosts.md): each profile fact of core/hosts/profiles.ts has a
// case here that names it. Skills are written to the core's in-memory file system and read into
// records as the scan reads them; expected values are written out by hand from docs/hosts.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import { basenamePath, dirnamePath, joinPath, normalizePath } from '../../src/core/base/paths';
import type { SkillLocation } from '../../src/core/catalog/locations';
import { readSkillRecord, type SkillRecord } from '../../src/core/catalog/skillRecord';
import type { ContextTokens } from '../../src/core/hosts/hostIds';
import { HOST_IDS, HOST_PROFILES, type HostId } from '../../src/core/hosts/profiles';
import { hostVerdicts, type HostVerdict } from '../../src/core/hosts/verdicts';

const ROOT = normalizePath(process.platform === 'win32' ? 'C:/mem' : '/mem');
const WS = joinPath(ROOT, 'ws');
const HOME = joinPath(ROOT, 'home');

interface Skill {
  /** Relative to the workspace, or `~/…` for the home folder: the SKILL.md's path. */
  readonly file: string;
  readonly text?: string;
}

const skillText = (name: string, description: string, extra = '') =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nThe body's first line.\n`;

/** Reads each skill as the scan would, and judges them all for `host`. */
async function verdicts(
  host: HostId,
  skills: readonly Skill[],
  contextTokens?: ContextTokens,
): Promise<Map<string, HostVerdict>> {
  const fs = new MemoryFileSystem(ROOT);
  const records: SkillRecord[] = [];
  for (const skill of skills) {
    const file = skill.file.startsWith('~/') ? joinPath(HOME, skill.file.slice(2)) : joinPath(WS, skill.file);
    const folder = basenamePath(dirnamePath(file));
    fs.addFile(file, skill.text ?? skillText(folder, `Does ${folder} things. Use when testing.`));
    const location: SkillLocation = {
      path: dirnamePath(dirnamePath(file)),
      label: skill.file.split('/').slice(0, -2).join('/'),
      scope: skill.file.startsWith('~/') ? 'user' : 'workspace',
      rank: 0,
      root: WS,
    };
    const read = await readSkillRecord(fs, file, location);
    assert.ok(read.ok, skill.file);
    records.push(read.record);
  }
  const judged = hostVerdicts(host, records, { projectRoots: [WS], home: HOME, contextTokens });
  return new Map(records.map((record, i) => [skills[i].file, judged.get(record)!]));
}

const one = async (host: HostId, skill: Skill) => (await verdicts(host, [skill])).get(skill.file)!;

test('every host has every fact with a source and a date', () => {
  for (const host of HOST_IDS) {
    for (const [key, value] of Object.entries(HOST_PROFILES[host])) {
      if (typeof value !== 'object' || value === null) continue;
      assert.ok(typeof value.source === 'string' && value.source.length > 0, `${host}.${key} has a source`);
      assert.match(value.checked, /^\d{4}-\d{2}-\d{2}$/, `${host}.${key} has a date`);
    }
  }
});

test('projectFolders and userFolders: which folders each host reads (none reads skills/)', async () => {
  const reads: Record<HostId, string[]> = {
    'claude-code': ['.claude/skills/a/SKILL.md', '~/.claude/skills/a/SKILL.md'],
    codex: ['.agents/skills/a/SKILL.md', '~/.agents/skills/a/SKILL.md', '~/.codex/skills/a/SKILL.md'],
    'copilot-cli': [
      '.github/skills/a/SKILL.md',
      '.agents/skills/a/SKILL.md',
      '.claude/skills/a/SKILL.md',
      '~/.copilot/skills/a/SKILL.md',
      '~/.agents/skills/a/SKILL.md',
    ],
    // VS Code 1.139's own discovery (chat.skills API): the three project folders and three user ones.
    vscode: [
      '.agents/skills/a/SKILL.md',
      '.github/skills/a/SKILL.md',
      '.claude/skills/a/SKILL.md',
      '~/.agents/skills/a/SKILL.md',
      '~/.copilot/skills/a/SKILL.md',
      '~/.claude/skills/a/SKILL.md',
    ],
    'vscode-copilot': [
      '.github/skills/a/SKILL.md',
      '.agents/skills/a/SKILL.md',
      '.claude/skills/a/SKILL.md',
      '~/.copilot/skills/a/SKILL.md',
      '~/.agents/skills/a/SKILL.md',
    ],
  };
  const all = [
    'skills/a/SKILL.md',
    '.agents/skills/a/SKILL.md',
    '.github/skills/a/SKILL.md',
    '.claude/skills/a/SKILL.md',
    '~/.agents/skills/a/SKILL.md',
    '~/.claude/skills/a/SKILL.md',
    '~/.copilot/skills/a/SKILL.md',
    '~/.codex/skills/a/SKILL.md',
  ];
  for (const host of HOST_IDS) {
    for (const file of all) {
      const verdict = await one(host, { file });
      assert.equal(
        verdict.found,
        reads[host].includes(file),
        `${host} ${file}: ${verdict.reasons.map((r) => r.text).join(' ')}`,
      );
    }
  }
  assert.match(
    (await one('claude-code', { file: 'skills/a/SKILL.md' })).reasons[0].text,
    /Claude Code does not read skills\/; it reads \.claude\/skills, ~\/\.claude\/skills\./,
  );
});

test('maxDepth: flat hosts (Claude Code, VS Code) read one level; codex six; copilot at least seven', async () => {
  const nested = (base: string, depth: number) =>
    `${base}/${Array.from({ length: depth - 1 }, (_, i) => `g${i}`).join('/')}${depth > 1 ? '/' : ''}leaf/SKILL.md`;
  const cases: [HostId, string, number, boolean][] = [
    ['claude-code', '.claude/skills', 1, true],
    ['claude-code', '.claude/skills', 2, false],
    ['vscode', '.github/skills', 1, true],
    ['vscode', '.agents/skills', 2, false],
    ['codex', '.agents/skills', 6, true],
    ['codex', '.agents/skills', 7, false],
    ['copilot-cli', '.github/skills', 7, true],
    ['vscode-copilot', '.agents/skills', 7, true],
  ];
  for (const [host, base, depth, found] of cases) {
    const verdict = await one(host, { file: nested(base, depth) });
    assert.equal(verdict.found, found, `${host} at depth ${depth}: ${verdict.reasons[0]?.text}`);
    if (!found) assert.match(verdict.reasons[0].text, new RegExp(`${depth} levels below`));
  }
});

test('skillFileName: a lowercase skill.md is read by no host', async () => {
  for (const host of HOST_IDS) {
    const verdict = await one(host, { file: '.agents/skills/a/skill.md' });
    assert.equal(verdict.found, false, host);
    if (host !== 'claude-code') assert.match(verdict.reasons[0].text, /reads only SKILL\.md, not skill\.md/);
  }
});

test('nameMustMatchFolder: no host drops a name that differs from its folder; VS Code and Claude Code call it by the folder', async () => {
  const skill = {
    file: '.claude/skills/folder/SKILL.md',
    text: skillText('other-name', 'Does things. Use when testing.'),
  };
  for (const host of HOST_IDS) if (host !== 'codex') assert.equal((await one(host, skill)).loads, true, host);
  for (const host of ['vscode', 'claude-code'] as const) {
    const verdict = await one(host, skill);
    assert.deepEqual(verdict.listing, { form: 'full', position: 1 });
    assert.match(verdict.reasons[0].text, /calls it 'folder', its folder's name, not 'other-name'/);
  }
  assert.deepEqual((await one('copilot-cli', skill)).reasons, [], 'Copilot CLI knows it by its name');
});

test('listing (VS Code): entries `- name: description` while they fit in 15,000 characters, then names (PR #313749, not observed)', async () => {
  // `- s000: <L>` and a newline: 4 + L + 5. 100 of 141 characters: 15,000.
  const skills = many('.agents/skills', 101, 141);
  const judged = await verdicts('vscode', skills);
  assert.deepEqual(judged.get(skills[99].file)!.listing, { form: 'full', position: 100 });
  assert.deepEqual(judged.get(skills[100].file)!.listing, { form: 'name-only', position: 101 });
});

test('VS Code (its own discovery): lenient frontmatter, long names and descriptions, a missing description, all listed', async () => {
  const at = (name: string, text: string) => ({ file: `.agents/skills/${name}/SKILL.md`, text });
  // Observed with the chat.skills API: each of these loads (host suite vscode-skills).
  for (const [name, text] of [
    ['unclosed', '---\nname: unclosed\ndescription: "unclosed\n---\nBody.\n'],
    ['plain', 'No frontmatter.\n'],
    ['quiet', '---\nname: quiet\n---\nBody.\n'],
    ['nulled', '---\nname: nulled\ndescription:\n---\nBody.\n'],
    ['long', skillText('long', 'd'.repeat(1600))],
    ['n'.repeat(65), skillText('n'.repeat(65), 'Does it. Use when testing.')],
  ] as const) {
    const verdict = await one('vscode', at(name, text));
    assert.equal(verdict.loads, true, name);
  }
  assert.match(
    (await one('vscode', at('quiet', '---\nname: quiet\n---\nBody.\n'))).reasons[0].text,
    /lists it without a description/,
  );
  assert.match(
    (await one('vscode', at('long', skillText('long', 'd'.repeat(1600))))).reasons[0].text,
    /cuts the description at 1024/,
  );
});

test('key: Claude Code knows a skill by its folder, the others by its name (duplicates: the first folder read wins)', async () => {
  const a = { file: '.claude/skills/folder-one/SKILL.md', text: skillText('same', 'One. Use when testing.') };
  const b = { file: '.github/skills/folder-two/SKILL.md', text: skillText('same', 'Two. Use when testing.') };
  const claude = await verdicts('claude-code', [a]);
  assert.equal(claude.get(a.file)!.listing?.form, 'full');
  const vscode = await verdicts('vscode-copilot', [a, b]);
  // The Copilot runtime reads .github/skills before .claude/skills: b is kept, a is the silent duplicate.
  assert.equal(vscode.get(b.file)!.loads, true);
  assert.equal(vscode.get(a.file)!.loads, false);
  assert.match(vscode.get(a.file)!.reasons[0].text, /already loaded 'same'/);
});

test('unreadableFrontmatter: refused by codex and copilot; Claude Code and VS Code list it by its folder', async () => {
  const broken = {
    file: '.claude/skills/broken/SKILL.md',
    text: '---\nname: broken\ndescription: "unclosed\n---\nBody.\n',
  };
  const none = { file: '.agents/skills/plain/SKILL.md', text: 'No frontmatter at all.\n' };
  assert.equal((await one('claude-code', broken)).loads, true);
  assert.match((await one('claude-code', broken)).reasons[0].text, /ignores the unreadable frontmatter/);
  for (const host of ['vscode-copilot', 'copilot-cli'] as const)
    assert.equal((await one(host, broken)).loads, false, host);
  assert.equal((await one('vscode', broken)).loads, true);
  assert.equal((await one('codex', none)).loads, false);
});

test('repairsPlainColons: codex and Claude Code read `key: text with: a colon` in quotes; Copilot refuses it', async () => {
  const colon = (base: string, line: string) => ({
    file: `${base}/aws/SKILL.md`,
    text: `---\nname: aws\n${line}\n---\nBody.\n`,
  });
  const codexAws = await one('codex', colon('.agents/skills', 'description: Build for AWS: ECS'));
  assert.equal(codexAws.loads, true);
  assert.deepEqual(codexAws.listing, { form: 'full', position: 1 });
  assert.match(codexAws.reasons[0].text, /not valid YAML, but Codex puts the values/);
  assert.equal((await one('claude-code', colon('.claude/skills', 'description: Build for AWS: ECS'))).loads, true);
  assert.equal((await one('copilot-cli', colon('.agents/skills', 'description: Build for AWS: ECS'))).loads, false);
  // A value that starts like a flow collection and is not one is quoted too (observed: `[unclosed`).
  assert.equal((await one('codex', colon('.agents/skills', 'description: [unclosed'))).loads, true);
  // What the repair does not quote stays invalid, and codex refuses it (observed).
  for (const line of [
    'description: *nope',
    'description: - item',
    'description: "unclosed',
    'description: x\n  more: y',
  ]) {
    assert.equal((await one('codex', colon('.agents/skills', line))).loads, false, line);
  }
});

test('descriptionFromBody: Copilot shows the body without headings, joined; Claude Code its first line', async () => {
  // Copilot: 87 + 4 + 7 ("project") = 98 characters before a description; 99 skills of 52: 99 × 150 = 14,850.
  const skills = many('.agents/skills', 99, 52);
  const quiet = (second: string) => ({
    file: '.agents/skills/a000/SKILL.md',
    text: `---\nname: a000\n---\n# Title\n\n${'o'.repeat(26)}\n${second}\n`,
  });
  // Its lead joins the two lines: 26 + 1 + 25 = 52 characters, 150 in all: 15,000 fit.
  const fits = await verdicts('copilot-cli', [quiet('t'.repeat(25)), ...skills]);
  assert.deepEqual(fits.get('.agents/skills/a000/SKILL.md')!.listing, { form: 'full', position: 1 });
  assert.equal(fits.get(skills[98].file)!.listing?.form, 'full');
  // One character more: 15,001, and the last is a name.
  const over = await verdicts('copilot-cli', [quiet('t'.repeat(26)), ...skills]);
  assert.equal(over.get(skills[98].file)!.listing?.form, 'name-only');
  // Claude Code at 200,000 tokens (8,000 characters): `- a000: <N>` (8 + N) with the heading's `#` left
  // out, beside `- b: <1,000>` (1,005). Names only: 6 + 3, its 11 own skills 6,039, `- init` and
  // `- security-review` 23, 14 newlines: 6,085, 1,915 left. a000 takes N + 2 and b 1,002 while N ≤ 911.
  const claude = (n: number) => [
    { file: '.claude/skills/a000/SKILL.md', text: `---\nname: a000\n---\n\n# ${'T'.repeat(n)}\nMore.\n` },
    { file: '.claude/skills/b/SKILL.md', text: skillText('b', 'd'.repeat(1000)) },
  ];
  const claudeAt200k = async (n: number) =>
    (await verdicts('claude-code', claude(n), 200_000)).get('.claude/skills/b/SKILL.md')!;
  assert.equal((await claudeAt200k(911)).listing?.form, 'full');
  // 912: a000 takes 914, and b's 1,002 no longer fits in the 1,001 left.
  assert.equal((await claudeAt200k(912)).listing?.form, 'name-only');
});

test('missingDescription: refused by codex; Claude Code and Copilot take it from the body', async () => {
  const skill = (base: string) => ({
    file: `${base}/quiet/SKILL.md`,
    text: '---\nname: quiet\n---\nThe first line.\n',
  });
  assert.equal((await one('codex', skill('.agents/skills'))).loads, false);
  for (const [host, base] of [
    ['copilot-cli', '.agents/skills'],
    ['claude-code', '.claude/skills'],
  ] as const) {
    const verdict = await one(host, skill(base));
    assert.equal(verdict.loads, true, host);
    assert.match(verdict.reasons[0].text, /takes the description from the body/);
  }
});

test('refusesBom: codex refuses a file that starts with a byte order mark; Copilot loads it', async () => {
  const text = '\ufeff' + skillText('bom', 'Has a BOM. Use when testing.');
  assert.equal((await one('codex', { file: '.agents/skills/bom/SKILL.md', text })).loads, false);
  assert.equal((await one('copilot-cli', { file: '.agents/skills/bom/SKILL.md', text })).loads, true);
});

test('stopsAtSkillFolder: Copilot does not look inside a skill; codex does', async () => {
  const skills = [{ file: '.agents/skills/parent/SKILL.md' }, { file: '.agents/skills/parent/child/SKILL.md' }];
  assert.equal((await verdicts('copilot-cli', skills)).get(skills[1].file)!.found, false);
  assert.equal((await verdicts('codex', skills)).get(skills[1].file)!.found, true);
});

test('duplicates: Copilot keeps the first it reads; codex lists every copy', async () => {
  const a = { file: '.agents/skills/one/SKILL.md', text: skillText('same', 'One. Use when testing.') };
  const b = { file: '.agents/skills/two/SKILL.md', text: skillText('same', 'Two. Use when testing.') };
  const copilot = await verdicts('copilot-cli', [a, b]);
  assert.deepEqual([copilot.get(a.file)!.loads, copilot.get(b.file)!.loads], [true, false]);
  const codex = await verdicts('codex', [a, b]);
  assert.deepEqual([codex.get(a.file)!.loads, codex.get(b.file)!.loads], [true, true]);
});

test('maxNameLength: 64 characters load, 65 are refused (codex, copilot); Claude Code and VS Code do not refuse', async () => {
  for (const length of [64, 65]) {
    const name = 'a'.repeat(length);
    for (const host of ['codex', 'copilot-cli', 'vscode-copilot', 'vscode', 'claude-code'] as const) {
      const base = host === 'claude-code' ? '.claude/skills' : '.agents/skills';
      const verdict = await one(host, {
        file: `${base}/${name}/SKILL.md`,
        text: skillText(name, 'Long name. Use when testing.'),
      });
      assert.equal(
        verdict.loads,
        host === 'claude-code' || host === 'vscode' || length === 64,
        `${host} with ${length}`,
      );
    }
  }
});

test('maxDescription: 1024 characters pass; 1025 are refused by copilot, cut by codex and VS Code', async () => {
  for (const length of [1024, 1025]) {
    const text = skillText('wordy', 'd'.repeat(length));
    const over = length > 1024;
    assert.equal((await one('copilot-cli', { file: '.agents/skills/wordy/SKILL.md', text })).loads, !over);
    assert.equal((await one('vscode-copilot', { file: '.agents/skills/wordy/SKILL.md', text })).loads, !over);
    assert.equal((await one('vscode', { file: '.agents/skills/wordy/SKILL.md', text })).loads, true);
    const codex = await one('codex', { file: '.agents/skills/wordy/SKILL.md', text });
    assert.equal(codex.loads, true);
    assert.equal(
      codex.reasons.some((r) => /cuts the description at 1024/.test(r.text)),
      over,
    );
  }
});

test('honoursDisableModelInvocation: user-only where honoured (not even that in the Agents window); codex ignores it', async () => {
  const hidden = (base: string) => ({
    file: `${base}/hidden/SKILL.md`,
    text: skillText('hidden', 'Hidden. Use when testing.', 'disable-model-invocation: true\n'),
  });
  for (const host of ['vscode', 'copilot-cli'] as const) {
    const verdict = await one(host, hidden('.agents/skills'));
    assert.deepEqual([verdict.invocation, verdict.listing], ['user', undefined], host);
  }
  // microsoft/vscode#331477: in the Agents window (the Copilot harness) a manual run does not load it.
  const harness = await one('vscode-copilot', hidden('.agents/skills'));
  assert.deepEqual([harness.loads, harness.invocation, harness.listing], [true, 'none', undefined]);
  assert.equal((await one('claude-code', hidden('.claude/skills'))).invocation, 'user');
  const codex = await one('codex', hidden('.agents/skills'));
  assert.equal(codex.invocation, 'model');
  assert.equal(codex.listing?.form, 'full');
  assert.match(codex.reasons[0].text, /ignores disable-model-invocation/);
});

/** `count` skills named s000… with descriptions of `length` characters. */
function many(base: string, count: number, length: number): Skill[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `s${String(i).padStart(3, '0')}`;
    return { file: `${base}/${name}/SKILL.md`, text: skillText(name, 'x'.repeat(length)) };
  });
}

test('listing (Copilot, and VS Code with its harness): XML entries of 87 + name + description + location characters, while they fit in 15,000', async () => {
  for (const host of ['copilot-cli', 'vscode-copilot'] as const) {
    // 87 + 4 + 52 + 7 ("project") = 150: exactly 100 entries fit (15,000, inclusive); the 101st is a name.
    const skills = many('.agents/skills', 101, 52);
    const judged = await verdicts(host, skills);
    assert.deepEqual(judged.get(skills[99].file)!.listing, { form: 'full', position: 100 });
    assert.deepEqual(judged.get(skills[100].file)!.listing, { form: 'name-only', position: 101 });
    // One character more each: 151, so 99 fit.
    const wider = many('.agents/skills', 100, 53);
    assert.equal((await verdicts(host, wider)).get(wider[99].file)!.listing?.form, 'name-only');
    assert.equal((await verdicts(host, wider)).get(wider[98].file)!.listing?.form, 'full');
  }
});

test('listing (Copilot): from the first entry that does not fit, every later one is a name, however short', async () => {
  const skills = [
    ...many('.agents/skills', 13, 1000),
    { file: '.agents/skills/s900/SKILL.md', text: skillText('s900', 'z'.repeat(1000)) },
    { file: '.agents/skills/s999/SKILL.md', text: skillText('s999', 'tiny') },
  ];
  // 13 × (87 + 4 + 1000 + 7) = 14,274; s900 would bring 15,372.
  const judged = await verdicts('copilot-cli', skills);
  assert.equal(judged.get(skills[12].file)!.listing?.form, 'full');
  assert.equal(judged.get(skills[13].file)!.listing?.form, 'name-only');
  assert.equal(judged.get(skills[14].file)!.listing?.form, 'name-only', 'not back-filled');
});

test('listingOrder: Copilot CLI lists project skills by name; its harness in VS Code folder by folder, each as a sorted walk meets them', async () => {
  const skills: Skill[] = [
    { file: '.claude/skills/aaa/SKILL.md' },
    { file: '.agents/skills/nest/deep/SKILL.md' },
    { file: '.agents/skills/zed/SKILL.md' },
    { file: '.github/skills/folder-x/SKILL.md', text: skillText('name-y', 'Named apart. Use when testing.') },
    { file: '.github/skills/mmm/SKILL.md' },
  ];
  const order = async (host: HostId) =>
    [...(await verdicts(host, skills)).entries()]
      .sort(([, a], [, b]) => (a.listing?.position ?? 0) - (b.listing?.position ?? 0))
      .map(([file]) => file.split('/').slice(0, 2).join('/').replace('/skills', '') + ':' + file.split('/').at(-2));
  assert.deepEqual(await order('copilot-cli'), [
    '.claude:aaa',
    '.agents:deep',
    '.github:mmm',
    '.github:folder-x',
    '.agents:zed',
  ]);
  // .github, .agents, .claude; in each, by path: folder-x (named name-y) before mmm, nest/deep before zed.
  assert.deepEqual(await order('vscode-copilot'), [
    '.github:folder-x',
    '.github:mmm',
    '.agents:deep',
    '.agents:zed',
    '.claude:aaa',
  ]);
});

test('listing (Claude Code): 1% of a 200,000-token window at 4 characters a token (8,000), its 11 own skills taking 6,039', async () => {
  // Entries `- a: <L>`; names only `- a` (3); its own `- init: <59>` (67) and `- security-review: <71>`
  // (90) come last; newlines between all 16 entries: 15.
  // 500 each: 6,039 + 3 × 505 + 67 + 90 + 15 = 7,726: all in full.
  const three = (lengths: number[]) =>
    ['a', 'b', 'c'].map((name, i) => ({
      file: `.claude/skills/${name}/SKILL.md`,
      text: skillText(name, 'd'.repeat(lengths[i])),
    }));
  const fits = await verdicts('claude-code', three([500, 500, 500]), 200_000);
  assert.deepEqual(
    [...fits.values()].map((v) => v.listing?.form),
    ['full', 'full', 'full'],
  );
  // 1,000, 1,000, 500: 8,726 > 8,000. All start as names (6,039 + 9 + 6 + 17 + 15 = 6,086), 1,914 left:
  // a takes 1,002 (912 left), b's 1,002 does not fit, c's 502 still does.
  const over = await verdicts('claude-code', three([1000, 1000, 500]), 200_000);
  assert.deepEqual(
    [...over.values()].map((v) => v.listing?.form),
    ['full', 'name-only', 'full'],
  );
});

test('listing (Claude Code) as installed: claude-opus-5-5, 1% of 1,000,000 tokens at 3 characters a token (30,000)', async () => {
  // 400 skills `- sNNN: <300>` (308 each); names only `- sNNN` (6): 400 × 6 + 6,039 + 23 + 412
  // newlines = 8,874, 21,126 left: 69 upgrades of 302 each (20,838), the 70th does not fit.
  const skills = many('.claude/skills', 400, 300);
  const judged = await verdicts('claude-code', skills);
  const forms = skills.map((skill) => judged.get(skill.file)!.listing?.form);
  assert.deepEqual(forms.slice(0, 69), Array(69).fill('full'));
  assert.deepEqual(forms.slice(69), Array(331).fill('name-only'));
  assert.match(
    judged
      .get(skills[69].file)!
      .reasons.map((r) => r.text)
      .join(' '),
    /listing budget of 30000 characters \(0\.01 of the 1000000-token context of claude-opus-5-5, Claude Code's default model at 3 characters a token/,
  );
  // Chosen for Claude Code alone (the per-host form), 200,000 tokens: 8,000 characters, 4 a token.
  const chosen = await verdicts('claude-code', skills, { 'claude-code': 200_000 });
  assert.equal(chosen.get(skills[0].file)!.listing?.form, 'name-only');
  // A window for another host leaves Claude Code at its default model's.
  const other = await verdicts('claude-code', skills, { codex: 200_000 });
  assert.equal(other.get(skills[68].file)!.listing?.form, 'full');
});

test('listing (Claude Code): a description over 1,536 characters is cut (1,535 and …)', async () => {
  const verdict = await one('claude-code', {
    file: '.claude/skills/long/SKILL.md',
    text: skillText('long', 'z'.repeat(1600)),
  });
  assert.equal(verdict.listing?.form, 'shortened');
});

test('listing (codex): 2% of the context window in tokens of 4 bytes per line; full, shortened, then names and drops', async () => {
  // A skill line `- s000: <92 x> (file: r1/s000/SKILL.md)` and its newline: 126 bytes, 32 tokens; 20 of them: 640.
  // Its four system skills (descriptions of 570, 624, 106, 225): 153 + 168 + 40 + 71 = 432 tokens. In all: 1,072.
  const skills = many('.agents/skills', 20, 92);
  const form = async (tokens: number, i = 19) =>
    (await verdicts('codex', skills, tokens)).get(skills[i].file)!.listing?.form;
  assert.equal(await form(53_600), 'full'); // floor(53,600 × 0.02) = 1,072
  // Round robin, one character at a time: the long system descriptions are cut first.
  assert.equal(await form(53_550), 'full'); // 1,071
  // With every description at 92 characters, the system lines cost 34 + 35 + 36 + 37 = 142: 782 in all.
  assert.equal(await form(39_100), 'full'); // 782
  assert.equal(await form(39_050), 'shortened'); // 781
  // Names only: 9 tokens a skill (33 bytes), 11 + 12 + 13 + 14 = 50 for the system skills: 230 in all.
  assert.equal(await form(11_500), 'shortened'); // 230: the names still fit
  assert.equal(await form(11_450, 18), 'name-only'); // 229: 50 + 19 × 9 = 221 fit
  assert.equal(await form(11_450, 19), 'dropped');
});

test('refusesNonTextDescription: Copilot refuses `description:` with no value, accepts `""`, and takes a missing one from the body', async () => {
  const skill = (line: string) => ({
    file: '.agents/skills/d/SKILL.md',
    text: `---\nname: d\n${line}---\nBody text.\n`,
  });
  assert.equal((await one('copilot-cli', skill('description:\n'))).loads, false);
  assert.match((await one('copilot-cli', skill('description:\n'))).reasons[0].text, /not text/);
  assert.equal((await one('copilot-cli', skill('description: ""\n'))).loads, true);
  assert.equal((await one('copilot-cli', skill(''))).loads, true);
  assert.equal((await one('codex', skill('description: ""\n'))).loads, false, 'codex refuses an empty one too');
  assert.equal(
    (await one('claude-code', { ...skill('description:\n'), file: '.claude/skills/d/SKILL.md' })).loads,
    true,
  );
});
