// The catalog, the Skills view and the status bar after activation, on the `ui`
// fixture: skills/{alpha, beta-broken (errors), hidden-one (hidden), linked} and
// .github/skills/{alpha (shadowed), gamma}.
import * as assert from 'assert';
import { HostTest, getExtension, waitFor } from '../helpers';
import { UI_LISTING_LINES, catalogNames, idleApi } from './uiSupport';

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
      assert.deepStrictEqual(
        api.catalog.offered().map((e) => e.record.name),
        ['alpha', 'gamma', 'linked'],
      );
      assert.strictEqual(api.catalog.offeredCount, 3);
    },
  },
  {
    name: 'the Skills view groups skills by location, sorted, with why each is not offered',
    fn: async () => {
      const api = await idleApi();
      assert.deepStrictEqual(
        api.viewSnapshot().map((group) => ({
          location: group.location,
          skills: group.skills.map((s) => [s.name, s.description ?? '', s.icon]),
        })),
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
      // What the scan finds in the fixture's files: Beta_Broken has three errors; the shadowed
      // copy of alpha carries duplicate-name (linked's broken link needs a complete read).
      assert.deepStrictEqual(
        api.catalog
          .entries()
          .filter((e) => e.problems.length > 0)
          .map(
            (e) =>
              `${e.record.location.label}:${e.record.name} ${e.problems
                .map((p) => `${p.severity}:${p.code}`)
                .sort()
                .join(',')}`,
          ),
        [
          'skills:Beta_Broken error:description-missing,error:name-format,error:name-mismatch',
          '.github/skills:alpha warning:duplicate-name',
        ],
      );
      const status = await waitFor(
        () => {
          const snapshot = api.statusBarSnapshot();
          return snapshot.text === '$(mortar-board) 6 skills $(error) 3 $(warning) 1' ? snapshot : undefined;
        },
        { message: `the status bar text (now ${JSON.stringify(api.statusBarSnapshot().text)})` },
      );
      assert.strictEqual(status.visible, true);
      assert.strictEqual(
        status.tooltip,
        [
          '**Skillsmith**: 6 skills',
          '',
          '- 3 offered to the model',
          '- 3 not offered (1 with errors, 1 hidden, 1 shadowed)',
          `- listing: ${UI_LISTING_LINES.join('\n').length} / 12000 characters`,
          '- 3 errors, 1 warning',
          '',
          'Click to open the Skills view.',
        ].join('\n'),
      );
    },
  },
];
