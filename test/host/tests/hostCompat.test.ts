// Host verdicts in a real VS Code (docs/hosts.md, "In the editor"), with skillsmith.hosts set to
// vscode, claude-code and codex: host-compat problems on a skill in skills/ (read by none of them)
// and on one in .claude/skills (Codex misses it); the badge in the Skills view; the Move quick
// fix chosen with the keyboard from the light bulb menu, after which the moved skill is found;
// and Show Listing's section per host.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import {
  HostTest,
  toolResultText,
  clickInWorkbench,
  openWorkspaceFile,
  pressInWorkbench,
  waitFor,
  workbenchAfterContents,
  workbenchTexts,
  workspaceUri,
} from '../helpers';
import { diskPath, idleApi } from './uiSupport';

const hostProblems = (uri: vscode.Uri) =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'skillsmith' && d.code === 'host-compat');

export const tests: HostTest[] = [
  {
    name: "coexistence (vscode.lm.invokeTool): with VS Code's own skills on, the list and load tools leave out what its agent lists itself",
    timeoutMs: 30_000,
    fn: async () => {
      await idleApi();
      const list = toolResultText(
        await vscode.lm.invokeTool('skillsmith_listSkills', { input: {}, toolInvocationToken: undefined }),
      );
      assert.match(list, /^- legacy: /m, 'skills/ is not read by VS Code: offered by our tools');
      assert.doesNotMatch(list.split('\n\n')[0], /review/);
      assert.match(list, /1 skill left out: VS Code's agent lists it itself: review/);
      const load = JSON.parse(
        toolResultText(
          await vscode.lm.invokeTool('skillsmith_loadSkill', {
            input: { name: 'review' },
            toolInvocationToken: undefined,
          }),
        ),
      );
      assert.strictEqual(load.error.type, 'not_found');
      assert.match(load.error.message, /one of VS Code's agent's own skills/);
    },
  },
  {
    name: 'host-compat problems (read through the API): a warning per chosen host for skills/, information where one host misses it',
    timeoutMs: 30_000,
    fn: async () => {
      await idleApi();
      const legacy = await waitFor(
        () => {
          const found = hostProblems(workspaceUri('skills/legacy/SKILL.md'));
          return found.length === 3 ? found : undefined;
        },
        { timeout: 15_000, message: 'three host-compat problems on skills/legacy' },
      );
      assert.deepStrictEqual(
        legacy.map((d) => d.severity),
        [vscode.DiagnosticSeverity.Warning, vscode.DiagnosticSeverity.Warning, vscode.DiagnosticSeverity.Warning],
      );
      assert.match(
        legacy.map((d) => d.message).join('\n'),
        /Claude Code will not find this skill: Claude Code does not read skills\/; it reads \.claude\/skills/,
      );
      const review = await waitFor(
        () => {
          const found = hostProblems(workspaceUri('.claude/skills/review/SKILL.md'));
          return found.length === 1 ? found : undefined;
        },
        { message: 'one host-compat problem on .claude/skills/review' },
      );
      assert.strictEqual(review[0].severity, vscode.DiagnosticSeverity.Information);
      assert.match(review[0].message, /^Codex will not find this skill: Codex does not read \.claude\/skills\//);
    },
  },
  {
    name: 'the Skills view shows the ⊘ badge on each skill that a chosen host misses (read from the page)',
    timeoutMs: 30_000,
    fn: async () => {
      await idleApi();
      await vscode.commands.executeCommand('skillsmith.skills.focus');
      const view = '.pane:has(.pane-header:has-text("Skills")) .monaco-list';
      // VS Code draws decoration badges as the ::after content of the row's label.
      const badges = (name: string) =>
        workbenchAfterContents({ selector: `.monaco-list-row:has-text("${name}") .monaco-icon-label`, within: view });
      const legacy = await waitFor(
        async () => ((await badges('legacy')).join(' ').includes('⊘') ? badges('legacy') : undefined),
        { timeout: 15_000, message: 'the ⊘ badge on the legacy row' },
      );
      assert.match(legacy.join(' '), /3, ⊘/, 'beside the count of its three warnings');
      assert.match(
        (await badges('review')).join(' '),
        /⊘/,
        'review: Codex misses it (information: no count of its own)',
      );
    },
  },
  {
    name: "the light bulb menu (Ctrl+., or the Quick Fix command when the key came too early; then a click on the fix): Move to .agents/skills/legacy moves the folder and the link to it, and Codex, and VS Code's own list (chat.skills API), then hold it",
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      await openWorkspaceFile('skills/legacy/SKILL.md');
      await waitFor(() => hostProblems(workspaceUri('skills/legacy/SKILL.md')).length === 3, {
        message: 'the problems',
      });
      // The cursor is at the start of the file, on the fence that the problems cover; the
      // editor, not the Skills view of the test before, has the keyboard.
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      await vscode.window.showTextDocument(vscode.window.activeTextEditor!.document);
      // Ctrl+. as a user presses it; the menu is asked for once more should the key land before the editor had the focus.
      await pressInWorkbench('Control+.');
      await workbenchTexts({ selector: '.action-widget', timeoutMs: 5_000 }).catch(async () => {
        await vscode.commands.executeCommand('editor.action.quickFix');
        return workbenchTexts({ selector: '.action-widget', timeoutMs: 10_000 });
      });
      await clickInWorkbench({ selector: '.action-widget .monaco-list-row:has-text("Move to .agents/skills/legacy")' });
      await waitFor(
        () => fs.existsSync(diskPath('.agents/skills/legacy/SKILL.md')) && !fs.existsSync(diskPath('skills/legacy')),
        { timeout: 15_000, message: 'the folder to move' },
      );
      await waitFor(
        async () =>
          (await idleApi()).catalog.get('legacy')?.record.filePath.includes('.agents/skills') ? true : undefined,
        { timeout: 15_000, message: 'the catalog to hold the moved skill' },
      );
      const problems = await waitFor(
        () => {
          const found = hostProblems(workspaceUri('.agents/skills/legacy/SKILL.md'));
          return found.length === 1 ? found : undefined;
        },
        { timeout: 15_000, message: 'only Claude Code to miss it now' },
      );
      assert.match(problems[0].message, /^Claude Code will not find this skill/);
      assert.strictEqual(
        problems[0].severity,
        vscode.DiagnosticSeverity.Information,
        'it loads in VS Code and Codex now',
      );
      // The link that pointed at it follows it (a README of the workspace; saved or not, as VS Code leaves a refactoring).
      const readme = await vscode.workspace.openTextDocument(workspaceUri('README.md'));
      assert.strictEqual(
        readme.getText(),
        '# Hosts fixture\n\nThe old skill: [legacy](.agents/skills/legacy/SKILL.md#steps).\n',
      );
      // VS Code's own list then holds it (its discovery, through the proposed chat.skills API of the fixture extension).
      const moved = fs.realpathSync(diskPath('.agents/skills/legacy/SKILL.md'));
      await waitFor(
        async () => {
          const answer = (await vscode.commands.executeCommand('skillsmithTest.agentSkills')) as {
            skills?: { path: string }[];
            error?: string;
          };
          assert.ok(!answer.error, answer.error);
          return answer.skills?.some((skill) => fs.realpathSync(skill.path) === moved) ? true : undefined;
        },
        { timeout: 30_000, interval: 500, message: "VS Code's own skill list to hold the moved skill" },
      );
    },
  },
  {
    name: 'Show Listing (the command) has a section per chosen host, with its listing and what it misses',
    timeoutMs: 30_000,
    fn: async () => {
      await idleApi();
      await vscode.commands.executeCommand('skillsmith.showListing');
      const text = await waitFor(
        () =>
          vscode.window.visibleTextEditors.map((e) => e.document.getText()).find((t) => t.includes('# Skill listing')),
        { message: 'the listing document' },
      );
      for (const host of ["VS Code's agent", 'Claude Code', 'Codex'])
        assert.match(text, new RegExp(`## In ${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`));
      assert.match(text, /## In Claude Code \(2\.1\.332\)\n\n- Found: 1 of 2; loaded: 1/);
    },
  },
  {
    name: 'New Skill (the command; the location picked with Enter on the page): first offered is where most chosen hosts read, and it says who',
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      const created = vscode.commands.executeCommand<vscode.Uri | undefined>('skillsmith.newSkill', {
        template: 'minimal',
        name: 'fresh-host',
        description: 'Made where the agents read. Use when testing New Skill.',
      });
      const rows = await waitFor(
        async () => {
          const found = await workbenchTexts({ selector: '.quick-input-widget .monaco-list-row', timeoutMs: 10_000 });
          return found.length > 0 ? found : undefined;
        },
        { timeout: 15_000, message: 'the location picker' },
      );
      // .agents/skills (VS Code and Codex) and .claude/skills (VS Code and Claude Code) tie; precedence puts .agents first.
      assert.match(rows[0], /\.agents\/skills/);
      assert.match(rows[0], /read by VS Code's agent, Codex/);
      assert.ok(
        rows.some((row) => /^skills[\s\S]*read by none of your agents/.test(row)),
        rows.join(' | '),
      );
      await pressInWorkbench('Enter');
      await created;
      await waitFor(() => fs.existsSync(diskPath('.agents/skills/fresh-host/SKILL.md')), {
        timeout: 15_000,
        message: 'the new skill in .agents/skills',
      });
    },
  },
];
