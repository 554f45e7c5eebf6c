// Invocation where hosts differ (docs/hosts.md, "Invocation"): Codex ignores
// disable-model-invocation and reads agents/openai.yaml (policy.allow_implicit_invocation), so a
// skill kept from the model in one chosen host and not another gets a host-compat finding, whose
// fix writes the other host's form; and the policy file read and merged with the yaml package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import { joinPath, normalizePath, pathKey } from '../../src/core/base/paths';
import { readSkillRecord } from '../../src/core/catalog/skillRecord';
import { hostCompatFindings } from '../../src/core/hosts/hostCompat';
import { implicitInvocationOff, policyValue, withImplicitInvocationOff } from '../../src/core/hosts/invocationPolicy';
import type { HostId } from '../../src/core/hosts/profiles';
import { hostVerdicts } from '../../src/core/hosts/verdicts';

const ROOT = normalizePath(process.platform === 'win32' ? 'C:/mem' : '/mem');
const WS = joinPath(ROOT, 'ws');
// Both read .agents/skills (Claude Code reads only .claude/skills).
const HOSTS: HostId[] = ['vscode', 'codex'];
const KEY = ['policy', 'allow_implicit_invocation'];

/** One skill in .agents/skills (read by all three), with its folder's other files. */
/** The deploy skill in .agents/skills, read from a memory file system with its folder's other files. */
async function deploySkill(frontmatter: string, files: Record<string, string> = {}) {
  const dir = joinPath(WS, '.agents/skills/deploy');
  const fs = new MemoryFileSystem(ROOT).addFile(
    joinPath(dir, 'SKILL.md'),
    `---\nname: deploy\ndescription: Deploys the app. Use when asked to deploy.\n${frontmatter}---\nBody.\n`,
  );
  for (const [file, text] of Object.entries(files)) fs.addFile(joinPath(dir, file), text);
  const read = await readSkillRecord(fs, joinPath(dir, 'SKILL.md'), {
    path: joinPath(WS, '.agents/skills'),
    label: '.agents/skills',
    scope: 'workspace',
    rank: 0,
    root: WS,
  });
  assert.ok(read.ok);
  return { fs, record: read.record };
}

async function judged(frontmatter: string, files: Record<string, string> = {}) {
  const { fs, record } = await deploySkill(frontmatter, files);
  const off = await implicitInvocationOff(fs, [record.dir], HOSTS);
  const context = { projectRoots: [WS], home: undefined, implicitInvocationOff: off };
  const verdicts = new Map(HOSTS.map((host) => [host, hostVerdicts(host, [record], context).get(record)!]));
  return { record, off, verdicts, findings: hostCompatFindings(record, verdicts) };
}

test(
  'disable-model-invocation alone: Codex still offers it to its model, and its finding writes agents/openai.yaml',
  { timeout: 10_000 },
  async () => {
    const { record, verdicts, findings } = await judged('disable-model-invocation: true\n');
    assert.deepEqual(
      HOSTS.map((host) => verdicts.get(host)!.invocation),
      ['user', 'model'],
    );
    assert.deepEqual(
      findings.map((f) => [f.host, f.severity]),
      [['codex', 'info']],
    );
    assert.equal(
      findings[0].message,
      "Codex lets its model invoke this skill, which VS Code's agent keeps from the model: Codex ignores disable-model-invocation and reads policy.allow_implicit_invocation: false in agents/openai.yaml instead.",
    );
    assert.deepEqual(findings[0].fixes, [
      {
        kind: 'write-invocation-policy',
        title: "Keep it from Codex's model too: write policy.allow_implicit_invocation: false in agents/openai.yaml",
        file: joinPath(record.dir, 'agents', 'openai.yaml'),
        key: KEY,
      },
    ]);
  },
);

test(
  'with agents/openai.yaml beside it as well: user-only everywhere, and no finding',
  { timeout: 10_000 },
  async () => {
    const { record, off, verdicts, findings } = await judged('disable-model-invocation: true\n', {
      'agents/openai.yaml': 'policy:\n  allow_implicit_invocation: false\n',
    });
    assert.deepEqual(off, [pathKey(record.dir)]);
    assert.deepEqual(
      HOSTS.map((host) => verdicts.get(host)!.invocation),
      ['user', 'user'],
    );
    assert.equal(verdicts.get('codex')!.listing, undefined);
    assert.match(
      verdicts
        .get('codex')!
        .reasons.map((r) => r.text)
        .join(' '),
      /agents\/openai\.yaml sets policy\.allow_implicit_invocation: false, which keeps it from Codex's model/,
    );
    assert.deepEqual(findings, []);
  },
);

test(
  'agents/openai.yaml alone: the other hosts offer it, and their fix adds disable-model-invocation',
  { timeout: 10_000 },
  async () => {
    const { verdicts, findings } = await judged('', {
      'agents/openai.yaml': 'policy:\n  allow_implicit_invocation: false\n',
    });
    assert.deepEqual(
      HOSTS.map((host) => verdicts.get(host)!.invocation),
      ['model', 'user'],
    );
    assert.deepEqual(
      findings.map((f) => [f.host, f.fixes.map((x) => x.kind)]),
      [['vscode', ['add-disable-model-invocation']]],
    );
    assert.match(
      findings[0].message,
      /^VS Code's agent lets its model invoke this skill, which Codex keeps from the model/,
    );
  },
);

test(
  'a policy file that is true, not YAML, or without the key keeps nothing from the model',
  { timeout: 10_000 },
  async () => {
    for (const text of [
      'policy:\n  allow_implicit_invocation: true\n',
      'policy: [unclosed\n',
      'interface:\n  display_name: X\n',
      'policy:\n  allow_implicit_invocation: "false"\n',
    ]) {
      const { off, verdicts } = await judged('', { 'agents/openai.yaml': text });
      assert.deepEqual(off, [], text);
      assert.equal(verdicts.get('codex')!.invocation, 'model', text);
    }
    assert.equal(policyValue('policy:\n  allow_implicit_invocation: false\n', KEY), false);
  },
);

test(
  'the fix writes a new file, merges into one that exists (keeping its keys and comments), and refuses what is not a mapping',
  { timeout: 10_000 },
  () => {
    const fresh = withImplicitInvocationOff(undefined, KEY);
    assert.ok(fresh.ok);
    assert.deepEqual(parse(fresh.text), { policy: { allow_implicit_invocation: false } });
    const existing =
      '# Shown in the Codex app\ninterface:\n  display_name: "Deploy"\npolicy:\n  allow_implicit_invocation: true\n';
    const merged = withImplicitInvocationOff(existing, KEY);
    assert.ok(merged.ok);
    assert.deepEqual(parse(merged.text), {
      interface: { display_name: 'Deploy' },
      policy: { allow_implicit_invocation: false },
    });
    assert.match(merged.text, /^# Shown in the Codex app\n/);
    const other = withImplicitInvocationOff('interface:\n  display_name: X\n', KEY);
    assert.ok(other.ok);
    assert.deepEqual(parse(other.text), {
      interface: { display_name: 'X' },
      policy: { allow_implicit_invocation: false },
    });
    assert.deepEqual(withImplicitInvocationOff('- a list\n', KEY), { ok: false, reason: 'it is not a YAML mapping' });
    assert.deepEqual(withImplicitInvocationOff('policy: off\n', KEY), {
      ok: false,
      reason: 'its policy is not a mapping',
    });
    const broken = withImplicitInvocationOff('policy: [unclosed\n', KEY);
    assert.equal(broken.ok, false);
    assert.match(!broken.ok ? broken.reason : '', /^it is not valid YAML/);
  },
);

test(
  "VS Code's Agents window (the Copilot harness) does not load a disable-model-invocation skill run by hand: invoked by no one there, and said so",
  { timeout: 10_000 },
  async () => {
    const { record } = await deploySkill('disable-model-invocation: true\n');
    const hosts: HostId[] = ['vscode', 'vscode-copilot', 'copilot-cli'];
    const context = { projectRoots: [WS], home: undefined };
    const verdicts = new Map(hosts.map((host) => [host, hostVerdicts(host, [record], context).get(record)!]));
    // The Local harness and Copilot CLI keep it for the user; the Agents window for no one.
    assert.deepEqual(
      hosts.map((host) => [host, verdicts.get(host)!.loads, verdicts.get(host)!.invocation]),
      [
        ['vscode', true, 'user'],
        ['vscode-copilot', true, 'none'],
        ['copilot-cli', true, 'user'],
      ],
    );
    const findings = hostCompatFindings(record, verdicts);
    assert.deepEqual(
      findings.map((f) => f.host),
      ['vscode-copilot'],
    );
    assert.match(
      findings[0].message,
      /^VS Code's agent \(Copilot harness\) loads this skill, but no one can invoke it there: .*a manual \/deploy does not load it either \(microsoft\/vscode#331477\)/,
    );
  },
);
