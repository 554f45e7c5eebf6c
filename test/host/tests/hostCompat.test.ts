// Host verdicts in a real VS Code (docs/hosts.md, "In the editor"), with skillsmith.hosts set to
// vscode, claude-code and codex: the Skills view's line on the agents it checks; host-compat
// problems on a skill in skills/ (read by none of them) and none on one in .claude/skills (Codex
// misses it, but no one folder reaches all three); the badge in the Skills view; which agents
// load a skill, in the view's tooltip and in the hover on its name; the Move quick fix chosen with
// the keyboard from the light bulb menu, after which the moved skill is found and has no problem;
// Show Listing's section per host; New Skill's picker, which says what each folder reaches and
// hides neither .agents/skills nor .claude/skills; and the invocation fix from the same menu,
// which writes Codex's agents/openai.yaml; and Link Skill into Another Agents' Folder from the
// Skills view's context menu, after which the linked skill loads in all three.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import {
  HostTest,
  hostLog,
  toolResultText,
  clickInWorkbench,
  hoverInWorkbench,
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
    name: 'host-compat problems (read through the API): a warning per chosen host for skills/, none for .claude/skills where no folder reaches all three',
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
      // Published in the same pass as legacy's: .claude/skills reaches as many of the three as one folder can.
      assert.deepStrictEqual(hostProblems(workspaceUri('.claude/skills/review/SKILL.md')), []);
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
      assert.doesNotMatch((await badges('review')).join(' '), /⊘/, 'review: as well placed as one folder allows');
    },
  },
  {
    name: 'the Skills view says above its skills which agents it checks and which it leaves out, by their names (read from the page)',
    timeoutMs: 30_000,
    fn: async () => {
      await idleApi();
      await vscode.commands.executeCommand('skillsmith.skills.focus');
      const body = '.pane:has(.pane-header:has-text("Skills")) .pane-body';
      const text = await waitFor(
        async () => {
          const found = (await workbenchTexts({ selector: body, timeoutMs: 10_000 })).join('\n');
          return found.includes('Agents checked') ? found : undefined;
        },
        { timeout: 15_000, message: "the view's line about its agents" },
      );
      assert.match(
        text,
        /Agents checked: VS Code's agent, Claude Code and Codex\. Not checked: Copilot CLI and VS Code's agent \(Copilot harness\); add copilot-cli and vscode-copilot to the setting skillsmith\.hosts\./,
      );
    },
  },
  {
    name: "the light bulb menu (Ctrl+., or the Quick Fix command when the key came too early; then a click on the fix): Move to .agents/skills/legacy moves the folder and the link to it, leaves no problem, and VS Code's own list (chat.skills API) then holds it",
    timeoutMs: 120_000,
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
        // The machine may be busy: VS Code's markdown extension looks at the links of the moved files first.
        { timeout: 60_000, message: 'the folder to move' },
      );
      await waitFor(
        async () =>
          (await idleApi()).catalog.get('legacy')?.record.filePath.includes('.agents/skills') ? true : undefined,
        { timeout: 30_000, message: 'the catalog to hold the moved skill' },
      );
      // Its problems at the old path go in the pass that publishes the new path's.
      await waitFor(() => hostProblems(workspaceUri('skills/legacy/SKILL.md')).length === 0, {
        timeout: 15_000,
        message: "the old path's problems to go",
      });
      assert.deepStrictEqual(
        hostProblems(workspaceUri('.agents/skills/legacy/SKILL.md')),
        [],
        'VS Code and Codex load it now; Claude Code misses it, as it would any skill in one folder',
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
          const answer = await vscode.commands.executeCommand<{
            skills?: { path: string }[];
            error?: string;
          }>('skillsmithTest.agentSkills');
          assert.ok(!answer.error, answer.error);
          return answer.skills?.some((skill) => fs.realpathSync(skill.path) === moved) ? true : undefined;
        },
        { timeout: 30_000, interval: 500, message: "VS Code's own skill list to hold the moved skill" },
      );
    },
  },
  {
    name: 'Show Listing (the command) has a section per chosen host, in sentences: what its model sees and why not',
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
      assert.match(
        text,
        /## In Claude Code \(2\.1\.332\)\n\nIts model sees 1 of your 2 skills, in this order: review\.\n/,
      );
      assert.match(text, /## In Codex \(0\.171\.0\)\n\nIts model sees 1 of your 2 skills, in this order: legacy\.\n/);
      // What VS Code's agent lists itself is not called "left out of the list" after "Listed: 2 of 2".
      assert.match(text, /\n- Listed: 2 of 2 offered skills\n/);
      assert.match(text, /## Listed by VS Code's agent itself \(2\)/);
      assert.doesNotMatch(text, /Left out of the list/);
    },
  },
  {
    name: 'New Skill (the command; the location picked with Enter on the page): .agents/skills and .claude/skills both offered, missing or not, each saying which agents it reaches; the new skill has no problem',
    timeoutMs: 120_000,
    fn: async () => {
      // As in a new workspace: no .claude/skills yet (the picker used to hide it then).
      fs.rmSync(diskPath('.claude'), { recursive: true, force: true });
      await waitFor(async () => ((await idleApi()).catalog.get('review') ? undefined : true), {
        timeout: 15_000,
        message: 'review to leave the catalog',
      });
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
        { timeout: 45_000, message: 'the location picker' },
      );
      // .agents/skills (VS Code and Codex) and .claude/skills (VS Code and Claude Code) tie; .agents/skills exists and comes first.
      assert.match(rows[0], /\.agents\/skills/);
      assert.match(rows[0], /read by VS Code's agent and Codex; not by Claude Code/);
      const claude = rows.find((row) => /^\.claude\/skills/.test(row));
      assert.ok(claude, `.claude/skills offered: ${rows.join(' | ')}`);
      assert.match(claude, /new folder/);
      assert.match(claude, /read by VS Code's agent and Claude Code; not by Codex/);
      await pressInWorkbench('Enter');
      await created;
      await waitFor(() => fs.existsSync(diskPath('.agents/skills/fresh-host/SKILL.md')), {
        timeout: 15_000,
        message: 'the new skill in .agents/skills',
      });
      // A skill in skills/ next, whose problems are published after the new one's: then the new one has none.
      fs.mkdirSync(diskPath('skills/probe'), { recursive: true });
      fs.writeFileSync(
        diskPath('skills/probe/SKILL.md'),
        '---\nname: probe\ndescription: Probes. Use when testing.\n---\nBody.\n',
      );
      await waitFor(() => hostProblems(workspaceUri('skills/probe/SKILL.md')).length === 3, {
        timeout: 15_000,
        message: "the probe's problems",
      });
      assert.deepStrictEqual(hostProblems(workspaceUri('.agents/skills/fresh-host/SKILL.md')), []);
    },
  },
  {
    name: "the Skills view's tooltip (the mouse over a row, read from the page) says which agents load the skill, and what the ⊘ badge means",
    timeoutMs: 45_000,
    fn: async () => {
      await idleApi();
      await vscode.commands.executeCommand('skillsmith.skills.focus');
      const view = '.pane:has(.pane-header:has-text("Skills")) .monaco-list';
      // A redraw of the view (the new skill's problems coming in) replaces the row under the mouse
      // and closes its tooltip, as CI saw once; a user then moves the mouse onto it again, as this does.
      const tooltipOf = async (name: string) => {
        for (let attempt = 1; ; attempt++) {
          await hoverInWorkbench({ selector: `.monaco-list-row:has-text("${name}") .monaco-icon-label`, within: view });
          try {
            const selector = `.monaco-hover:has-text("${name}"):has-text("Which agents load it")`;
            return (await workbenchTexts({ selector, timeoutMs: 5_000 })).join('\n');
          } catch (error) {
            if (attempt === 3) throw error;
            hostLog(`[hosts] tooltip of ${name}: hovered again (${String(error).slice(0, 200)})`);
          }
        }
      };
      // The skill New Skill just made, in .agents/skills.
      const fresh = await tooltipOf('fresh-host');
      assert.match(fresh, /Which agents load it: Loaded by VS Code's agent and Codex; not by Claude Code\./);
      assert.match(fresh, /Claude Code does not find it\. Claude Code does not read \.agents\/skills\//);
      assert.match(
        fresh,
        /No one folder is read by all your agents: this one reaches as many of them as one folder can, so it is no problem\. Claude Code reads \.claude\/skills\./,
      );
      assert.doesNotMatch(fresh, /⊘ beside the name/, 'no badge to explain');
      const probe = await tooltipOf('probe');
      assert.match(probe, /Loaded by none of your agents \(VS Code's agent, Claude Code and Codex\)\./);
      assert.match(
        probe,
        /⊘ beside the name: one of your agents \(skillsmith\.hosts\) will not find, load or list this skill in full/,
      );
    },
  },
  {
    name: 'the hover on the name in SKILL.md (Ctrl+K Ctrl+I on the name line, read from the page) says which agents load the skill',
    timeoutMs: 45_000,
    fn: async () => {
      await idleApi();
      const editor = await openWorkspaceFile('.agents/skills/fresh-host/SKILL.md');
      editor.selection = new vscode.Selection(1, 7, 1, 7); // on the name's value
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      await pressInWorkbench('Control+K');
      await pressInWorkbench('Control+I');
      const hover = (
        await workbenchTexts({ selector: '.monaco-hover:has-text("Which agents load it")', timeoutMs: 15_000 })
      ).join('\n');
      assert.match(hover, /Loaded by VS Code's agent and Codex; not by Claude Code\./);
      assert.match(hover, /VS Code's agent lists it to its model in full\./);
      assert.match(hover, /Codex lists it to its model in full\./);
      assert.match(hover, /Your agents are the setting skillsmith\.hosts\./);
      await pressInWorkbench('Escape');
    },
  },
  {
    name: "the light bulb menu on a skill kept from VS Code's model but not from Codex's (Ctrl+., or the Quick Fix command when the key came too early; then a click on the fix): Keep it from Codex's model too writes agents/openai.yaml, and the problem goes",
    timeoutMs: 120_000,
    fn: async () => {
      await idleApi();
      // .agents/skills reaches VS Code's agent and Codex; Codex ignores disable-model-invocation (openai/codex#29989).
      fs.mkdirSync(diskPath('.agents/skills/manual'), { recursive: true });
      fs.writeFileSync(
        diskPath('.agents/skills/manual/SKILL.md'),
        '---\nname: manual\ndescription: Run by hand only. Use when releasing.\ndisable-model-invocation: true\n---\nBody.\n',
      );
      const uri = workspaceUri('.agents/skills/manual/SKILL.md');
      const problems = await waitFor(
        () => {
          const found = hostProblems(uri);
          return found.length > 0 ? found : undefined;
        },
        { timeout: 30_000, message: "the skill's host-compat problem" },
      );
      assert.strictEqual(problems.length, 1, problems.map((p) => p.message).join(' | '));
      assert.match(
        problems[0].message,
        /^Codex lets its model invoke this skill, which VS Code's agent keeps from the model/,
      );
      await openWorkspaceFile('.agents/skills/manual/SKILL.md');
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      await vscode.window.showTextDocument(vscode.window.activeTextEditor!.document);
      await pressInWorkbench('Control+.');
      await workbenchTexts({ selector: '.action-widget', timeoutMs: 5_000 }).catch(async () => {
        await vscode.commands.executeCommand('editor.action.quickFix');
        return workbenchTexts({ selector: '.action-widget', timeoutMs: 10_000 });
      });
      await clickInWorkbench({
        selector: '.action-widget .monaco-list-row:has-text("Keep it from Codex\'s model too")',
      });
      const policyFile = diskPath('.agents/skills/manual/agents/openai.yaml');
      await waitFor(() => fs.existsSync(policyFile), { timeout: 30_000, message: 'agents/openai.yaml' });
      assert.strictEqual(fs.readFileSync(policyFile, 'utf8'), 'policy:\n  allow_implicit_invocation: false\n');
      await waitFor(() => hostProblems(uri).length === 0, {
        timeout: 30_000,
        message: 'the problem to go once Codex keeps it from its model too',
      });
    },
  },
  {
    name: "the Skills view's context menu (Shift+F10 on the row; a click on the item, then Enter in the pick): Link Skill into Another Agents' Folder links fresh-host into .claude/skills, and the tooltip then names all three agents",
    timeoutMs: 90_000,
    fn: async () => {
      await idleApi();
      await vscode.commands.executeCommand('skillsmith.skills.focus');
      const view = '.pane:has(.pane-header:has-text("Skills")) .monaco-list';
      await clickInWorkbench({ selector: '.monaco-list-row:has-text("fresh-host") .monaco-icon-label', within: view });
      // The click opened its SKILL.md, which took the keyboard: back to the view, on the same row.
      // The editor can take the keyboard again after the view had it (CI saw Shift+F10 open no
      // menu), so a menu without the item is closed and the view focused once more.
      const item = '.monaco-menu .action-item:has-text("Link Skill into Another Agents\' Folder")';
      for (let attempt = 1; ; attempt++) {
        await vscode.commands.executeCommand('skillsmith.skills.focus');
        await waitFor(
          async () =>
            (await workbenchTexts({ selector: '.monaco-list-row.focused', within: view, timeoutMs: 5_000 }))
              .join('\n')
              .includes('fresh-host'),
          { message: 'fresh-host focused in the view' },
        );
        await pressInWorkbench('Shift+F10');
        const menu = await workbenchTexts({ selector: '.monaco-menu', timeoutMs: 5_000 }).catch(() => []);
        if (menu.join('\n').includes("Link Skill into Another Agents' Folder")) break;
        if (attempt === 3) assert.fail(`Shift+F10 on fresh-host opened no menu with the item: ${menu.join(' | ')}`);
        hostLog(`[hosts] Shift+F10 on fresh-host, attempt ${attempt}: menu ${JSON.stringify(menu.join(' | '))}`);
        await pressInWorkbench('Escape');
      }
      await clickInWorkbench({ selector: item, timeoutMs: 10_000 });
      // Only the folder that adds an agent is offered, saying which.
      const pick = await waitFor(
        async () => {
          const text = (await workbenchTexts({ selector: '.quick-input-widget', timeoutMs: 5_000 })).join('\n');
          return /\.claude\/skills/.test(text) ? text : undefined;
        },
        { message: 'the pick of folders' },
      );
      assert.match(pick, /adds Claude Code/);
      assert.doesNotMatch(pick, /\.agents\/skills\s/, 'not the folder it is in');
      await pressInWorkbench('Enter');
      const link = diskPath('.claude/skills/fresh-host');
      await waitFor(() => fs.existsSync(link) && fs.lstatSync(link).isSymbolicLink(), {
        timeout: 15_000,
        message: 'the link in .claude/skills',
      });
      assert.strictEqual(fs.readlinkSync(link), '../../.agents/skills/fresh-host');
      // The catalog holds both paths as one skill: the link's copy is listed once, with no duplicate-name.
      const linkedPath = `${diskPath('.claude/skills/fresh-host')}/SKILL.md`;
      const linkedEntry = await waitFor(
        async () =>
          (await idleApi()).catalog.entries().find((e) => e.record.filePath === linkedPath.replace(/\\/g, '/')),
        { timeout: 15_000, message: "the link's copy in the catalog" },
      );
      assert.strictEqual(linkedEntry.status, 'shadowed');
      assert.deepStrictEqual(
        linkedEntry.problems.map((p) => p.code),
        [],
      );
      const linkedFile = workspaceUri('.claude/skills/fresh-host/SKILL.md');
      // The tooltip, read from the page: all three agents now.
      for (let attempt = 1; ; attempt++) {
        await hoverInWorkbench({
          selector: `.monaco-list-row:has-text("fresh-host") .monaco-icon-label`,
          within: view,
        });
        try {
          const text = (
            await workbenchTexts({
              selector: '.monaco-hover:has-text("fresh-host"):has-text("Which agents load it")',
              timeoutMs: 5_000,
            })
          ).join('\n');
          if (!/Loaded by all your agents: VS Code's agent, Claude Code and Codex\./.test(text) && attempt < 5) {
            hostLog(`[hosts] tooltip of fresh-host before the link was judged: ${text.slice(0, 200)}`);
            await new Promise((resolve) => setTimeout(resolve, 1000));
            continue;
          }
          assert.match(text, /Loaded by all your agents: VS Code's agent, Claude Code and Codex\./);
          break;
        } catch (error) {
          if (attempt >= 5) throw error;
        }
      }
      // Judged through the copy each host reads, neither copy has a host-compat problem.
      assert.deepStrictEqual(hostProblems(linkedFile), []);
      assert.deepStrictEqual(hostProblems(workspaceUri('.agents/skills/fresh-host/SKILL.md')), []);
    },
  },
];
