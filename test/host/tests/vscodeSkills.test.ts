// VS Code's own skill discovery against Skillsmith's verdicts (docs/hosts.md, "VS Code itself"), on
// the case workspace of the host oracles (scripts/hosts/workspace.mjs, written by the suite's
// prepare step): every folder, depths 1 to 7, name ≠ folder, missing, empty and over-long
// descriptions, invalid YAML, `skill.md`, duplicates, and 600 skills to overflow the budgets.
// VS Code's side comes from the proposed chat.skills API (vscode.chat.getSkills of
// chatPromptFiles), called by the fixture extension's command; Skillsmith's from its CLI
// (`skillsmith hosts --json`), run here on the same folder.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { HostTest, getExtension, waitFor, workspaceFolder } from '../helpers';

interface AgentSkill {
  readonly path: string;
  readonly name: string;
  readonly description: string;
}

interface CliSkill {
  readonly path: string;
  readonly hosts: Record<
    string,
    { readonly found: boolean; readonly loads: boolean; readonly reasons: readonly string[] }
  >;
}

/** Skillsmith's verdicts for `hosts` on the workspace, through its CLI. */
function skillsmithVerdicts(root: string, hosts: readonly string[]): CliSkill[] {
  const cli = path.join(getExtension().extensionPath, 'dist', 'cli.js');
  const out = execFileSync(
    process.execPath,
    [cli, 'hosts', root, '--json', '--no-user', ...hosts.flatMap((h) => ['--host', h])],
    { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 60_000 },
  );
  return (JSON.parse(out) as { skills: CliSkill[] }).skills;
}

/** Where a host's verdict and VS Code's own answer differ, one line each. */
function disagreements(host: string, ours: readonly CliSkill[], loaded: ReadonlySet<string>, root: string): string[] {
  const lines: string[] = [];
  for (const skill of ours) {
    const verdict = skill.hosts[host];
    const theirs = loaded.has(fs.realpathSync(skill.path));
    if (verdict.loads !== theirs)
      lines.push(
        `${path.relative(root, skill.path)}: Skillsmith ${verdict.loads ? 'loads' : `does not load (${verdict.reasons[0]})`}, VS Code ${theirs ? 'loads' : 'does not'}`,
      );
  }
  return lines;
}

export const tests: HostTest[] = [
  {
    name: "VS Code's own discovered skills (the proposed chat.skills API, through the fixture extension's command) agree with Skillsmith's vscode verdicts (its CLI), skill by skill",
    timeoutMs: 180_000,
    fn: async () => {
      const root = fs.realpathSync(workspaceFolder().uri.fsPath);
      // VS Code discovers in the background: wait until two answers in a row agree.
      let previous = '';
      const skills = await waitFor(
        async () => {
          const answer = await vscode.commands.executeCommand<{
            skills?: AgentSkill[];
            error?: string;
          }>('skillsmithTest.agentSkills');
          assert.ok(!answer.error, answer.error);
          const key = JSON.stringify(answer.skills?.map((s) => s.path).sort());
          const settled = answer.skills && answer.skills.length > 0 && key === previous;
          previous = key;
          return settled ? answer.skills : undefined;
        },
        { timeout: 90_000, interval: 2_000, message: "VS Code's own skill discovery settles" },
      );
      const loaded = new Set(skills.map((s) => fs.realpathSync(s.path)).filter((p) => p.startsWith(root + path.sep)));
      const ours = skillsmithVerdicts(root, ['vscode']);
      const report = { vscode: disagreements('vscode', ours, loaded, root) };
      // Every skill VS Code lists is one Skillsmith judged.
      const judged = new Set(ours.map((s) => fs.realpathSync(s.path)));
      const unjudged = [...loaded].filter((p) => !judged.has(p)).map((p) => path.relative(root, p));
      console.log(
        `[vscode-skills] VS Code lists ${loaded.size} of the workspace's skills; Skillsmith judged ${ours.length}; disagreements: ${report.vscode.length}; not judged: ${unjudged.length}`,
      );
      for (const [host, lines] of Object.entries(report))
        for (const line of lines.slice(0, 40)) console.log(`[vscode-skills] ${host}: ${line}`);
      assert.deepStrictEqual(unjudged, [], 'skills VS Code lists that Skillsmith did not judge');
      assert.deepStrictEqual(report, { vscode: [] }, "Skillsmith's verdicts against VS Code's own discovery");
      // The cases are there: VS Code lists the lenient ones Skillsmith's lint calls errors, and not the nested ones.
      const listed = (rel: string) => loaded.has(path.join(root, rel));
      assert.ok(
        listed('.agents/skills/unclosed-quote-agents/SKILL.md') && listed('.github/skills/folder-x-github/SKILL.md'),
      );
      assert.ok(
        !listed('.agents/skills/nest-1/depth-2-agents/SKILL.md') &&
          !listed('skills/depth-1-plain/SKILL.md') &&
          listed('.claude/skills/depth-1-claude/SKILL.md'),
      );
    },
  },
];
