// The cold start as users feel it, in the real extension host (a benchmark, not a test):
// VS Code opens a workspace of thousands of skills; the extension activates by itself, scans
// and builds the listing. Reported: the time from activation to the first listing, and the
// longest the extension host's event loop was held while the scan ran (and activate()'s own time) (the test hooks measure both,
// see src/vscode/testHooks.ts). scripts/host/bench-host.mjs prints them.
import * as assert from 'assert';
import type { SkillsmithApi } from '../../../src/vscode/api';
import { report } from '../channel';
import { HostTest, getExtensionApi, waitFor } from '../helpers';

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
      report({
        event: 'figures',
        figures: {
          skills: api.catalog.size,
          host_ready_ms: Math.round(startup.readyMs),
          host_max_block_ms: Math.round(startup.maxBlockMs * 10) / 10,
          host_activation_ms: Math.round(startup.activationMs * 10) / 10,
        },
      });
    },
  },
];
