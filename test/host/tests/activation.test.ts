// Skillsmith is loaded into the real extension host and activates.
import * as assert from 'assert';
import { EXTENSION_ID, HostTest, getExtension, getExtensionApi } from '../helpers';

export const tests: HostTest[] = [
  {
    name: `${EXTENSION_ID} is installed from the development path`,
    fn: () => {
      const extension = getExtension();
      assert.strictEqual(extension.packageJSON.name, 'skillsmith');
    },
  },
  {
    name: 'it activates without error',
    fn: async () => {
      await getExtensionApi();
      assert.ok(getExtension().isActive);
    },
  },
];
