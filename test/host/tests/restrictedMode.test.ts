// Restricted Mode: workspace trust is on and this workspace is not trusted (the `untrusted`
// suite). The extension still activates (package.json: untrustedWorkspaces 'limited'),
// lists and lints the workspace's skills, but offers none to a model, and says so. The
// workspace's own `skillsmith.locations` (.vscode/settings.json: skills, team-skills) is a
// restricted setting, so VS Code ignores it until trust is granted. Then the last tests
// grant trust the way a user does, with the Trust button of VS Code's Workspace Trust
// editor (clicked by the runner's browser), and check what changes.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SkillsmithApi } from '../../../src/vscode/api';
import {
  HostTest,
  clickInWorkbench,
  getExtension,
  getExtensionApi,
  hasSkillsContext,
  waitFor,
  workspaceUri,
} from '../helpers';

async function idle(): Promise<SkillsmithApi> {
  const api = await getExtensionApi<SkillsmithApi>();
  await api.whenIdle();
  return api;
}

/** The text of one of our tools' results. */
async function invoke(name: string, input: object): Promise<string> {
  await idle();
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content
    .map((part) => (part as { value?: unknown }).value)
    .filter((v): v is string => typeof v === 'string')
    .join('');
}

export const tests: HostTest[] = [
  {
    name: 'the window really is in Restricted Mode',
    fn: () => {
      assert.strictEqual(vscode.workspace.isTrusted, false);
    },
  },
  {
    name: 'the extension activates anyway',
    fn: async () => {
      const api = await idle();
      assert.ok(getExtension().isActive);
      const manifest = getExtension().packageJSON as {
        capabilities?: { untrustedWorkspaces?: { supported?: unknown } };
      };
      assert.strictEqual(manifest.capabilities?.untrustedWorkspaces?.supported, 'limited');
      assert.ok(api.catalog.size >= 2);
    },
  },
  {
    name: 'workspace skills are in the catalog as untrusted, and the listing is empty',
    fn: async () => {
      const api = await idle();
      assert.strictEqual(api.catalog.get('good-skill')?.status, 'untrusted');
      // A skill with errors stays 'errors': fixing it is the first thing to do, trust or not.
      assert.strictEqual(api.catalog.entries().find((e) => e.record.folderName === 'bad-skill')?.status, 'errors');
      assert.strictEqual(api.catalog.offeredCount, 0);
      const listing = api.catalog.listing(12000);
      assert.strictEqual(listing.included.length, 0);
      assert.strictEqual(listing.dropped.length, 0);
    },
  },
  {
    name: 'the load and read tools refuse, saying the workspace is not trusted',
    fn: async () => {
      const load = JSON.parse(await invoke('skillsmith_loadSkill', { name: 'good-skill' })) as {
        error?: { type: string; message: string };
      };
      assert.strictEqual(load.error?.type, 'not_allowed', JSON.stringify(load));
      assert.match(load.error.message, /not trusted/);
      const read = JSON.parse(await invoke('skillsmith_readSkillFile', { name: 'good-skill', path: 'SKILL.md' })) as {
        error?: { type: string; message: string };
      };
      assert.strictEqual(read.error?.type, 'not_allowed', JSON.stringify(read));
      assert.match(read.error.message, /not trusted/);
      assert.match(await invoke('skillsmith_listSkills', {}), /^No skills are available/);
    },
  },
  {
    name: "the workspace's skillsmith.locations is not applied: team-skills/team-only is not in the catalog",
    fn: async () => {
      const api = await idle();
      assert.strictEqual(api.catalog.get('team-only'), undefined);
      assert.deepStrictEqual(
        api.catalog
          .entries()
          .map((e) => e.record.folderName)
          .sort(),
        ['bad-skill', 'good-skill'],
      );
      // What the extension reads is the default, not the workspace's value.
      const locations = vscode.workspace.getConfiguration('skillsmith').get<string[]>('locations') ?? [];
      assert.ok(!locations.includes('team-skills'), JSON.stringify(locations));
      assert.strictEqual(
        await hasSkillsContext(),
        false,
        "skillsmith.hasSkills (the tools' when clause) while nothing is offered",
      );
    },
  },
  {
    name: 'diagnostics still appear for a bad skill file',
    fn: async () => {
      await idle();
      const uri = workspaceUri('skills/bad-skill/SKILL.md');
      const diagnostics = await waitFor(
        () => {
          const ours = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'skillsmith');
          return ours.length > 0 ? ours : undefined;
        },
        { message: 'skillsmith diagnostics on bad-skill' },
      );
      const codes = diagnostics.map((d) => (typeof d.code === 'object' ? d.code.value : d.code));
      assert.ok(codes.includes('description-missing'), JSON.stringify(codes));
    },
  },
  {
    name: 'the Skills view and the status bar say the workspace is not trusted',
    fn: async () => {
      const api = await idle();
      const good = (api.viewSnapshot?.() ?? []).flatMap((g) => g.skills).find((s) => s.name === 'good-skill');
      assert.ok(good, 'good-skill is in the view');
      assert.match(good.description ?? '', /untrusted/);
      assert.strictEqual(good.icon, 'shield');
      const status = await waitFor(
        () => {
          const snapshot = api.statusBarSnapshot?.();
          return snapshot?.visible ? snapshot : undefined;
        },
        { message: 'the status bar item' },
      );
      assert.match(status.text, /\(Restricted Mode\)$/);
      assert.match(status.tooltip, /Restricted Mode: 1 workspace skill will be offered once you trust this workspace/);
    },
  },
  {
    name: 'granting trust with the Trust button of the Workspace Trust editor',
    timeoutMs: 60_000,
    fn: async () => {
      await idle();
      let granted = false;
      const listener = vscode.workspace.onDidGrantWorkspaceTrust(() => (granted = true));
      try {
        await vscode.commands.executeCommand('workbench.trust.manage');
        await clickInWorkbench({ role: 'button', name: 'Trust', within: '.workspace-trust-editor', timeoutMs: 20_000 });
        await waitFor(() => granted && vscode.workspace.isTrusted, {
          message: 'onDidGrantWorkspaceTrust and workspace.isTrusted',
        });
      } finally {
        listener.dispose();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    },
  },
  {
    name: "after the grant the workspace's skillsmith.locations applies: team-skills/team-only is in the catalog",
    timeoutMs: 30_000,
    fn: async () => {
      assert.strictEqual(vscode.workspace.isTrusted, true, 'the grant test ran first');
      const api = await getExtensionApi<SkillsmithApi>();
      await waitFor(
        async () => {
          await api.whenIdle();
          return api.catalog.get('team-only');
        },
        { timeout: 20_000, message: 'team-only in the catalog' },
      );
      assert.deepStrictEqual(vscode.workspace.getConfiguration('skillsmith').get('locations'), [
        'skills',
        'team-skills',
        '~/.claude/skills',
      ]);
      assert.strictEqual(api.catalog.get('team-only')?.status, 'offered');
      assert.strictEqual(api.catalog.get('team-only')?.record.location.label, 'team-skills');
    },
  },
  {
    name: 'after the grant the workspace skills are offered: listing, tools, status bar',
    timeoutMs: 30_000,
    fn: async () => {
      const api = await idle();
      assert.strictEqual(api.catalog.workspaceTrusted, true);
      assert.strictEqual(api.catalog.get('good-skill')?.status, 'offered');
      assert.strictEqual(api.catalog.entries().find((e) => e.record.folderName === 'bad-skill')?.status, 'errors');
      assert.deepStrictEqual(api.catalog.listing(12000).included, ['good-skill', 'team-only']);
      await waitFor(() => hasSkillsContext(), {
        timeout: 20_000,
        message: "skillsmith.hasSkills (the tools' when clause)",
      });

      const listed = await invoke('skillsmith_listSkills', {});
      assert.match(
        listed,
        /^- good-skill: A valid skill in a workspace that is not trusted\. Use when testing Restricted Mode\.\n/,
      );
      assert.match(
        listed,
        /\n- team-only: Formats the team's changelog entries\. Use when the user adds a changelog entry\.(\n|$)/,
      );
      const loaded = await invoke('skillsmith_loadSkill', { name: 'good-skill', args: 'the release' });
      assert.match(loaded, /^Base directory for this skill: .*\/skills\/good-skill\n/);
      assert.match(loaded, /Follow these steps for the release\./);
      assert.match(
        await invoke('skillsmith_loadSkill', { name: 'team-only', args: 'v2' }),
        /TEAM-MARKER-4b1d: format the entry for v2\./,
      );
      assert.match(
        await invoke('skillsmith_readSkillFile', { name: 'good-skill', path: 'SKILL.md' }),
        /^---\nname: good-skill\n/,
      );

      const status = await waitFor(
        () => {
          const snapshot = api.statusBarSnapshot();
          return snapshot.visible && !snapshot.text.includes('Restricted Mode') ? snapshot : undefined;
        },
        { message: 'the status bar without "Restricted Mode"' },
      );
      assert.strictEqual(status.text, '$(mortar-board) 3 skills $(error) 3');
      assert.match(status.tooltip, /\n- 2 offered to the model\n- 1 not offered \(1 with errors\)\n/);
      assert.doesNotMatch(status.tooltip, /Restricted Mode/);
    },
  },
];
