// The catalog, the Skills view and the status bar after activation, on the `ui`
// fixture: skills/{alpha, beta-broken (errors), hidden-one (hidden), linked} and
// .github/skills/{alpha (shadowed), gamma}.
import * as assert from 'assert';
import { HostTest, getExtension, waitFor } from '../helpers';
import { catalogNames, idleApi } from './uiSupport';

export const tests: HostTest[] = [
  {
    name: 'the extension activates and the catalog holds the fixture skills',
    fn: async () => {
      const api = await idleApi();
      assert.ok(getExtension().isActive);
      assert.deepStrictEqual(catalogNames(api), [
        'skills:Beta_Broken',
        'skills:alpha',
        '.github/skills:alpha',
        '.github/skills:gamma',
        'skills:hidden-one',
        'skills:linked',
      ]);
      // skillsmith.hasSkills follows offeredCount > 0: alpha, gamma and linked are offered.
      assert.deepStrictEqual(api.catalog.offered().map((e) => e.record.name), ['alpha', 'gamma', 'linked']);
      assert.strictEqual(api.catalog.offeredCount, 3);
    },
  },
  {
    name: 'the Skills view groups skills by location, sorted, with why each is not offered',
    fn: async () => {
      const api = await idleApi();
      assert.deepStrictEqual(
        api.viewSnapshot!().map((group) => ({ location: group.location, skills: group.skills.map((s) => [s.name, s.description ?? '', s.icon]) })),
        [
          {
            location: 'skills',
            skills: [
              ['Beta_Broken', 'errors', 'error'],
              ['alpha', '', 'pass'],
              ['hidden-one', 'hidden', 'eye-closed'],
              ['linked', '', 'pass'],
            ],
          },
          {
            location: '.github/skills',
            skills: [
              ['alpha', 'shadowed', 'circle-slash'],
              ['gamma', '', 'pass'],
            ],
          },
        ],
      );
    },
  },
  {
    name: 'the status bar counts skills and problems and explains what is offered',
    fn: async () => {
      const api = await idleApi();
      const entries = api.catalog.entries();
      const count = (severity: string) => entries.reduce((n, e) => n + e.problems.filter((p) => p.severity === severity).length, 0);
      const errors = count('error');
      const warnings = count('warning');
      assert.ok(errors > 0 && warnings > 0, `fixture should have errors and warnings (${errors}, ${warnings})`);
      const status = await waitFor(() => {
        const snapshot = api.statusBarSnapshot!();
        return snapshot.text === `$(mortar-board) 6 skills $(error) ${errors} $(warning) ${warnings}` ? snapshot : undefined;
      }, { message: 'the status bar text' });
      assert.strictEqual(status.visible, true);
      assert.match(status.tooltip, /3 offered to the model/);
      assert.match(status.tooltip, /3 not offered \(1 with errors, 1 hidden, 1 shadowed\)/);
      assert.match(status.tooltip, /listing: \d+ \/ 12000 characters/);
    },
  },
];
