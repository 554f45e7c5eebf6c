// The cold start as users feel it, in the real extension host (a benchmark, not a test):
// VS Code opens a workspace of thousands of skills; the extension activates by itself, scans
// and builds the listing. Reported: the time from activation to the first listing, and the
// longest the extension host's event loop was held while the scan ran (and activate()'s own time) (the test hooks measure both,
// see src/vscode/testHooks.ts). Then one skill's SKILL.md is opened and a broken link typed into
// it: the time until the problem shows, and how many files were read meanwhile (the test hooks
// count every read), which must all be that skill's. scripts/host/bench-host.mjs prints them.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SkillsmithApi } from '../../../src/vscode/api';
import { report } from '../channel';
import { HostTest, getExtensionApi, readsQuiet, waitFor } from '../helpers';

/** How long no file must be read before the extension counts as done with what it started. */
const QUIET_MS = 1500;

export const tests: HostTest[] = [
  {
    name: 'cold start: activation to the first listing, and the longest event-loop delay',
    timeoutMs: 5 * 60_000,
    fn: async () => {
      const api = await getExtensionApi<SkillsmithApi>();
      assert.ok(api.testHooks, 'the cold-start suite runs with SKILLSMITH_TEST_HOOKS');
      const startup = await waitFor(() => api.testHooks?.startup(), {
        timeout: 4 * 60_000,
        message: 'the first listing',
      });
      const expected = Number(process.env.SKILLSMITH_BENCH_SKILLS ?? 5000);
      assert.equal(api.catalog.size, expected, 'every generated skill is in the catalog');
      const hooks = api.testHooks;
      // Whatever the start set going (the listing, the problems of every skill) ends first.
      await api.whenIdle();
      const edited = api.catalog.entries()[Math.floor(api.catalog.size / 2)].record.filePath;
      const uri = vscode.Uri.file(edited);
      const editor = await vscode.window.showTextDocument(uri);
      // Opening it lints it: that ends too before the reads are counted.
      await readsQuiet(hooks, QUIET_MS, 4 * 60_000);
      hooks.resetFileReads();
      const editedAt = performance.now();
      // Typed, not saved: the lint as you type, as an author sees it.
      await editor.edit((edit) =>
        edit.insert(
          new vscode.Position(editor.document.lineCount, 0),
          'See [the missing guide](references/missing.md).\n',
        ),
      );
      await waitFor(() => vscode.languages.getDiagnostics(uri).some((d) => d.code === 'broken-link') || undefined, {
        timeout: 60_000,
        interval: 5,
        message: "the edited skill's broken-link",
      });
      const editMs = performance.now() - editedAt;
      const { touched } = await readsQuiet(hooks, QUIET_MS, 4 * 60_000);
      const folder = edited.slice(0, edited.lastIndexOf('/') + 1);
      const others = Object.keys(touched).filter((path) => !path.startsWith(folder));
      assert.deepStrictEqual(others.slice(0, 10), [], "an edit reads no other skill's file");
      report({
        event: 'figures',
        figures: {
          skills: api.catalog.size,
          host_ready_ms: Math.round(startup.readyMs),
          host_max_block_ms: Math.round(startup.maxBlockMs * 10) / 10,
          host_activation_ms: Math.round(startup.activationMs * 10) / 10,
          host_type_problem_ms: Math.round(editMs),
          host_type_files_read: Object.keys(touched).length,
        },
      });
    },
  },
];
