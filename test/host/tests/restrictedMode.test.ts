// Restricted Mode: workspace trust is on and this workspace is not trusted (the `untrusted`
// suite). The extension still activates (package.json: untrustedWorkspaces 'limited'),
// lists and lints the workspace's skills, but offers none to a model, and says so.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SkillsmithApi } from '../../../src/vscode/api';
import { HostTest, getExtension, getExtensionApi, waitFor, workspaceUri } from '../helpers';

async function idle(): Promise<SkillsmithApi> {
  const api = await getExtensionApi<SkillsmithApi>();
  await api.whenIdle();
  return api;
}

/** The text of one of our tools' results. */
async function invoke(name: string, input: object): Promise<string> {
  await idle();
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part as { value?: unknown }).value).filter((v): v is string => typeof v === 'string').join('');
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
      const manifest = getExtension().packageJSON as { capabilities?: { untrustedWorkspaces?: { supported?: unknown } } };
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
      const load = JSON.parse(await invoke('skillsmith_loadSkill', { name: 'good-skill' })) as { error?: { type: string; message: string } };
      assert.strictEqual(load.error?.type, 'not_allowed', JSON.stringify(load));
      assert.match(load.error.message, /not trusted/);
      const read = JSON.parse(await invoke('skillsmith_readSkillFile', { name: 'good-skill', path: 'SKILL.md' })) as { error?: { type: string; message: string } };
      assert.strictEqual(read.error?.type, 'not_allowed', JSON.stringify(read));
      assert.match(read.error.message, /not trusted/);
      assert.match(await invoke('skillsmith_listSkills', {}), /^No skills are available/);
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
      const status = await waitFor(() => {
        const snapshot = api.statusBarSnapshot?.();
        return snapshot?.visible ? snapshot : undefined;
      }, { message: 'the status bar item' });
      assert.match(status.text, /\(Restricted Mode\)$/);
      assert.match(status.tooltip, /Restricted Mode: 1 workspace skill will be offered once you trust this workspace/);
    },
  },
];
