// Skills: New Skill, driven through its argument object (as the chat participant's
// /new does) and through its real quick inputs (accepted or dismissed by commands).
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { HostTest, waitFor } from '../helpers';
import { diskPath, idleApi, setSetting, settleWith } from './uiSupport';

const NEW_SKILL = 'skillsmith.newSkill';

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${e.parentPath ?? (e as unknown as { path: string }).path}/${e.name}`.slice(dir.length + 1))
    .sort();
}

export const tests: HostTest[] = [
  {
    name: 'New Skill with arguments creates the files, opens SKILL.md in the body, and the catalog has it at once',
    fn: async () => {
      const api = await idleApi();
      const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(NEW_SKILL, {
        template: 'with-references',
        name: 'my-new',
        description: 'Does X. Use when Y.',
        location: diskPath('skills'),
      });
      assert.ok(uri, 'the command returns the new SKILL.md');
      assert.strictEqual(uri.fsPath, diskPath('skills/my-new/SKILL.md'));
      // No waiting: the command returns once the catalog holds the skill.
      const entry = api.catalog.get('my-new');
      assert.ok(entry, 'my-new is in the catalog when the command returns');
      assert.strictEqual(entry.status, 'offered');
      assert.strictEqual(entry.record.description, 'Does X. Use when Y.');
      assert.deepStrictEqual(filesUnder(diskPath('skills/my-new')), [
        'SKILL.md',
        'assets/template.md',
        'references/guide.md',
      ]);
      const text = fs.readFileSync(diskPath('skills/my-new/SKILL.md'), 'utf8');
      assert.ok(text.startsWith('---\nname: my-new\ndescription: Does X. Use when Y.\n---\n'), text.slice(0, 120));
      assert.ok(!text.includes('{{'), 'no placeholder left');

      const editor = vscode.window.activeTextEditor;
      assert.ok(editor, 'an editor is open');
      assert.strictEqual(editor.document.uri.fsPath, uri.fsPath);
      assert.strictEqual(editor.selection.active.line, 4, 'the cursor is on the first line after the frontmatter');
      assert.strictEqual(editor.selection.active.character, 0);
    },
  },
  {
    name: 'New Skill refuses a name that exists, leaving the files unchanged',
    fn: async () => {
      const before = fs.readFileSync(diskPath('skills/my-new/SKILL.md'), 'utf8');
      const result = await vscode.commands.executeCommand(NEW_SKILL, {
        template: 'minimal',
        name: 'my-new',
        description: 'Something else. Use when never.',
        location: diskPath('skills'),
      });
      assert.strictEqual(result, undefined);
      assert.strictEqual(fs.readFileSync(diskPath('skills/my-new/SKILL.md'), 'utf8'), before);
      assert.deepStrictEqual(filesUnder(diskPath('skills/my-new')), [
        'SKILL.md',
        'assets/template.md',
        'references/guide.md',
      ]);
    },
  },
  {
    name: 'New Skill refuses a folder that exists without a skill in it (never overwrites)',
    fn: async () => {
      fs.mkdirSync(diskPath('skills/occupied'), { recursive: true });
      fs.writeFileSync(diskPath('skills/occupied/notes.txt'), 'mine');
      const result = await vscode.commands.executeCommand(NEW_SKILL, {
        template: 'minimal',
        name: 'occupied',
        description: 'Would overwrite. Use when never.',
        location: diskPath('skills'),
      });
      assert.strictEqual(result, undefined);
      assert.deepStrictEqual(filesUnder(diskPath('skills/occupied')), ['notes.txt']);
      fs.rmSync(diskPath('skills/occupied'), { recursive: true });
    },
  },
  {
    name: 'New Skill refuses invalid names and an empty description',
    fn: async () => {
      for (const name of ['My_Skill', 'double--hyphen', '-lead', 'a'.repeat(65)]) {
        const result = await vscode.commands.executeCommand(NEW_SKILL, {
          template: 'minimal',
          name,
          description: 'Fine. Use when testing.',
          location: diskPath('skills'),
        });
        assert.strictEqual(result, undefined, name);
        assert.ok(!fs.existsSync(diskPath(`skills/${name}`)), `${name} was not created`);
      }
      const result = await vscode.commands.executeCommand(NEW_SKILL, {
        template: 'minimal',
        name: 'no-description',
        description: '   ',
        location: diskPath('skills'),
      });
      assert.strictEqual(result, undefined);
      assert.ok(!fs.existsSync(diskPath('skills/no-description')));
    },
  },
  {
    name: 'a description with YAML-special characters is quoted and reads back unchanged',
    fn: async () => {
      const api = await idleApi();
      const description = 'Use when: the user says "ship it" # now, or \'deploy\'.';
      const uri = await vscode.commands.executeCommand<vscode.Uri>(NEW_SKILL, {
        template: 'minimal',
        name: 'tricky-yaml',
        description,
        location: diskPath('skills'),
      });
      assert.ok(uri);
      const entry = api.catalog.get('tricky-yaml');
      assert.ok(entry);
      assert.strictEqual(entry.record.description, description);
      assert.ok(!entry.record.hasErrors, JSON.stringify(entry.problems));
    },
  },
  {
    name: 'New Skill with a body (the chat /new flow) uses minimal and replaces the body',
    fn: async () => {
      const api = await idleApi();
      const uri = await vscode.commands.executeCommand<vscode.Uri>(NEW_SKILL, {
        name: 'from-chat',
        description: 'Drafted in chat. Use when testing /new.',
        body: '# From chat\n\nDo $ARGUMENTS carefully.',
        location: diskPath('skills'),
      });
      assert.ok(uri);
      assert.strictEqual(
        fs.readFileSync(uri.fsPath, 'utf8'),
        '---\nname: from-chat\ndescription: Drafted in chat. Use when testing /new.\n---\n# From chat\n\nDo $ARGUMENTS carefully.\n',
      );
      assert.deepStrictEqual(filesUnder(diskPath('skills/from-chat')), ['SKILL.md']);
      assert.strictEqual(api.catalog.get('from-chat')?.status, 'offered');
    },
  },
  {
    name: 'New Skill with a complete SKILL.md writes it as it is, named by its own frontmatter, and no template file',
    fn: async () => {
      const api = await idleApi();
      const content =
        '---\nname: whole-file\ndescription: Given whole. Use when testing content.\nlicense: MIT\nmetadata:\n  team: docs\n---\nKeep $ARGUMENTS.\n';
      const uri = await vscode.commands.executeCommand<vscode.Uri>(NEW_SKILL, {
        content,
        location: diskPath('skills'),
      });
      assert.strictEqual(uri?.fsPath, diskPath('skills/whole-file/SKILL.md'));
      assert.strictEqual(fs.readFileSync(uri.fsPath, 'utf8'), content);
      assert.deepStrictEqual(filesUnder(diskPath('skills/whole-file')), ['SKILL.md']);
      assert.strictEqual(api.catalog.get('whole-file')?.record.description, 'Given whole. Use when testing content.');
    },
  },
  {
    name: 'Escape at the template pick cancels with nothing written',
    fn: async () => {
      const api = await idleApi();
      const size = api.catalog.size;
      const entries = fs.readdirSync(diskPath('skills')).sort();
      const result = await settleWith(vscode.commands.executeCommand(NEW_SKILL), 'workbench.action.closeQuickOpen');
      assert.strictEqual(result, undefined);
      assert.strictEqual(api.catalog.size, size);
      assert.deepStrictEqual(fs.readdirSync(diskPath('skills')).sort(), entries);
    },
  },
  {
    name: 'Escape at the name box cancels with nothing written',
    fn: async () => {
      const entries = fs.readdirSync(diskPath('skills')).sort();
      const result = await settleWith(
        vscode.commands.executeCommand(NEW_SKILL, { template: 'minimal' }),
        'workbench.action.closeQuickOpen',
      );
      assert.strictEqual(result, undefined);
      assert.deepStrictEqual(fs.readdirSync(diskPath('skills')).sort(), entries);
    },
  },
  {
    name: 'the location pick lists the workspace locations first and Enter takes the first',
    fn: async () => {
      const api = await idleApi();
      const uri = await settleWith(
        vscode.commands.executeCommand<vscode.Uri | undefined>(NEW_SKILL, {
          template: 'minimal',
          name: 'picked-here',
          description: 'Placed by the picker. Use when testing.',
        }),
        'workbench.action.acceptSelectedQuickOpenItem',
      );
      assert.ok(uri, 'a skill was created');
      assert.strictEqual(uri.fsPath, diskPath('skills/picked-here/SKILL.md'));
      await waitFor(() => api.catalog.get('picked-here'), { message: 'picked-here in the catalog' });
    },
  },
  {
    name: 'the template pick: Enter takes the first template (Minimal)',
    fn: async () => {
      const uri = await settleWith(
        vscode.commands.executeCommand<vscode.Uri | undefined>(NEW_SKILL, {
          name: 'picked-template',
          description: 'Template by the picker. Use when testing.',
          location: diskPath('skills'),
        }),
        'workbench.action.acceptSelectedQuickOpenItem',
      );
      assert.ok(uri, 'a skill was created');
      const text = fs.readFileSync(diskPath('skills/picked-template/SKILL.md'), 'utf8');
      assert.ok(
        text.startsWith(
          '---\nname: picked-template\ndescription: Template by the picker. Use when testing.\n---\n<!--',
        ),
        text.slice(0, 120),
      );
      assert.match(text, /\n# Goal\n/);
      assert.deepStrictEqual(filesUnder(diskPath('skills/picked-template')), ['SKILL.md']);
    },
  },
  {
    name: 'a Unicode name is refused, then accepted with skillsmith.validation.unicodeNames',
    timeoutMs: 30_000,
    fn: async () => {
      const api = await idleApi();
      const args = {
        template: 'minimal',
        name: 'мой-навык',
        description: 'Мой навык. Use when testing Unicode names.',
        location: diskPath('skills'),
      };
      assert.strictEqual(await vscode.commands.executeCommand(NEW_SKILL, args), undefined);
      assert.ok(!fs.existsSync(diskPath('skills/мой-навык')));
      try {
        await setSetting('validation.unicodeNames', true);
        await waitFor(() => vscode.workspace.getConfiguration('skillsmith').get('validation.unicodeNames') === true, {
          message: 'the setting',
        });
        await api.whenIdle();
        const uri = await vscode.commands.executeCommand<vscode.Uri>(NEW_SKILL, args);
        assert.strictEqual(uri?.fsPath, diskPath('skills/мой-навык/SKILL.md'));
        assert.strictEqual(api.catalog.get('мой-навык')?.status, 'offered');
      } finally {
        await setSetting('validation.unicodeNames', undefined);
      }
      fs.rmSync(diskPath('skills/мой-навык'), { recursive: true, force: true });
      await waitFor(() => !api.catalog.get('мой-навык'), { timeout: 15_000, message: 'the Unicode skill removed' });
    },
  },
];
