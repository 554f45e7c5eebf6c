// A multi-root workspace (.code-workspace) opens with every folder, and the
// workspace helpers address each folder by index.
import * as assert from 'assert';
import { HostTest, getExtensionApi, readWorkspaceFile, workspaceFolder, writeWorkspaceFile } from '../helpers';

export const tests: HostTest[] = [
  {
    name: 'both folders of skills.code-workspace are open',
    fn: () => {
      assert.deepStrictEqual([workspaceFolder(0).name, workspaceFolder(1).name], ['app', 'lib']);
    },
  },
  {
    name: 'files can be written and read in the second folder',
    fn: async () => {
      await writeWorkspaceFile('.github/skills/new-one/SKILL.md', '---\nname: new-one\n---\n', 1);
      assert.match(await readWorkspaceFile('.github/skills/new-one/SKILL.md', 1), /name: new-one/);
      assert.match(await readWorkspaceFile('.github/skills/release-notes/SKILL.md', 1), /release-notes/);
    },
  },
  {
    name: 'Skillsmith activates in a multi-root workspace',
    fn: async () => {
      await getExtensionApi();
    },
  },
];
