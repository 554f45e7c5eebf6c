// Skills: Show Listing (a read-only virtual document that follows the catalog and the
// budget), Skills: Validate All (diagnostics for files nobody opened), Skills: Refresh
// and Skills: Open Skill.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { HostTest, waitFor } from '../helpers';
import { UI_LISTING_LINES, diskPath, idleApi, setSetting, skillText, writeOnDisk } from './uiSupport';

export const tests: HostTest[] = [
  {
    name: 'Show Listing shows the exact listing, the budget used, what it dropped and what is not offered',
    timeoutMs: 30_000,
    fn: async () => {
      const api = await idleApi();
      const uri = await vscode.commands.executeCommand<vscode.Uri>('skillsmith.showListing');
      assert.strictEqual(uri.scheme, 'skillsmith-listing');
      const document = await vscode.workspace.openTextDocument(uri);
      // The budget counts characters, newlines between lines included: 122 + 1 + 131 + 1 + 97.
      const full = UI_LISTING_LINES.join('\n');
      assert.strictEqual(full.length, 352);
      const text = document.getText();
      assert.ok(text.includes(`\n~~~text\n${full}\n~~~\n`), 'the listing text verbatim');
      assert.ok(
        text.includes(
          '\n- Budget: 352 / 12000 characters used\n- Listed: 3 of 3 offered skills\n- Dropped by the budget: 0\n- Not offered: 3\n',
        ),
        text,
      );
      assert.ok(!text.includes('## Dropped by the budget'));
      assert.match(text, /## Not offered \(3\)/);
      assert.match(
        text,
        /\n- Beta_Broken — 3 errors \(description-missing, name-format, name-mismatch\) — skills\/beta-broken\/SKILL\.md\n/,
      );
      assert.match(text, /\n- hidden-one — hidden .* — skills\/hidden-one\/SKILL\.md\n/);
      assert.match(text, /\n- alpha — shadowed by skills\/alpha\/SKILL\.md — \.github\/skills\/alpha\/SKILL\.md\n/);

      try {
        // 250 characters hold alpha's line (122) but not gamma's after it (122 + 1 + 131);
        // from the first line that does not fit, the rest is dropped.
        await setSetting('listing.budget', 250);
        await waitFor(() => document.getText().includes('## Dropped by the budget (2)'), {
          message: 'the document to show the dropped skills',
        });
        const cut = document.getText();
        assert.ok(
          cut.includes(
            '\n- Budget: 122 / 250 characters used\n- Listed: 1 of 3 offered skills\n- Dropped by the budget: 2\n',
          ),
          cut,
        );
        assert.ok(cut.includes(`\n~~~text\n${UI_LISTING_LINES[0]}\n~~~\n`), 'the cut listing verbatim');
        assert.ok(cut.includes('\n- gamma\n- linked\n'), 'gamma and linked listed as dropped');
        await waitFor(
          () => api.statusBarSnapshot().tooltip.includes('\n- listing: 122 / 250 characters; the budget dropped 2\n'),
          {
            message: 'the status bar tooltip to count the dropped skills',
          },
        );
      } finally {
        await setSetting('listing.budget', undefined);
      }
      await waitFor(() => !document.getText().includes('## Dropped by the budget'), {
        message: 'the document to follow the restored budget',
      });
    },
  },
  {
    name: 'the listing document follows catalog changes',
    fn: async () => {
      const api = await idleApi();
      const document = await vscode.workspace.openTextDocument(
        await vscode.commands.executeCommand<vscode.Uri>('skillsmith.showListing'),
      );
      writeOnDisk(
        'skills/listed-late/SKILL.md',
        skillText('listed-late', 'Appears later. Use when testing the listing.'),
      );
      await waitFor(() => document.getText().includes('- listed-late: Appears later. Use when testing the listing.'), {
        timeout: 15_000,
        message: 'listed-late in the listing document',
      });
      fs.rmSync(diskPath('skills/listed-late'), { recursive: true });
      await waitFor(() => !api.catalog.get('listed-late') && !document.getText().includes('listed-late'), {
        timeout: 15_000,
        message: 'listed-late gone',
      });
    },
  },
  {
    name: 'Validate All fills diagnostics for files that were never opened',
    timeoutMs: 30_000,
    fn: async () => {
      await idleApi();
      const linked = vscode.Uri.file(diskPath('skills/linked/SKILL.md'));
      assert.ok(
        !vscode.workspace.textDocuments.some((d) => d.uri.toString() === linked.toString()),
        'linked/SKILL.md is not open',
      );
      const result = await vscode.commands.executeCommand<{ files: number; errors: number; warnings: number }>(
        'skillsmith.validateAll',
      );
      assert.ok(result, 'Validate All returns its summary');
      assert.strictEqual(result.files, 6);
      assert.ok(result.errors > 0);
      const codes = (uri: vscode.Uri) =>
        vscode.languages
          .getDiagnostics(uri)
          .filter((d) => d.source === 'skillsmith')
          .map((d) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code)));
      await waitFor(() => codes(linked).includes('broken-link'), {
        message: 'broken-link on the unopened linked/SKILL.md',
      });
      await waitFor(() => codes(vscode.Uri.file(diskPath('skills/beta-broken/SKILL.md'))).includes('name-format'), {
        message: 'name-format on beta-broken',
      });
    },
  },
  {
    name: 'Refresh rescans at once and Open Skill opens a SKILL.md by path',
    fn: async () => {
      const api = await idleApi();
      writeOnDisk('skills/refreshed/SKILL.md', skillText('refreshed', 'Found by Refresh. Use when testing.'));
      await vscode.commands.executeCommand('skillsmith.refresh');
      assert.ok(api.catalog.get('refreshed'), 'the catalog has the skill when Refresh returns');
      const path = diskPath('skills/refreshed/SKILL.md');
      await vscode.commands.executeCommand('skillsmith.openSkill', path);
      assert.strictEqual(vscode.window.activeTextEditor?.document.uri.fsPath, path);
      fs.rmSync(diskPath('skills/refreshed'), { recursive: true });
      await waitFor(() => !api.catalog.get('refreshed'), { timeout: 15_000, message: 'refreshed gone' });
    },
  },
];
