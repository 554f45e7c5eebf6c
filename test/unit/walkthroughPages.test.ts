// The walkthrough's pages say what the README says: its CI page (whose workflow Copy the CI
// Job copies) holds the README's GitHub Actions workflow, byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from './engineTestUtils';

const root = findRepoRoot();
const read = (...parts: string[]) => fs.readFileSync(path.join(root, ...parts), 'utf8');

test("the walkthrough's CI page holds the README's GitHub Actions workflow, and runs the CLI as the README does", () => {
  const readme = /\*\*GitHub Actions\.\*\*[\s\S]*?```yaml\n([\s\S]*?)```/.exec(read('README.md'))?.[1];
  const page = /```yaml\n([\s\S]*?)```/.exec(read('media', 'walkthrough', 'ci.md'))?.[1];
  assert.ok(readme, "the README's workflow");
  assert.equal(page, readme);
  assert.doesNotMatch(read('media', 'walkthrough', 'ci.md'), /git clone|npm run build/);
});

test('every walkthrough step ticks on something the user did, never on being shown', () => {
  const manifest = JSON.parse(read('package.json')) as {
    contributes: { walkthroughs: { steps: { id: string; completionEvents?: string[] }[] }[] };
  };
  for (const step of manifest.contributes.walkthroughs[0].steps) {
    assert.ok(step.completionEvents?.length, `${step.id} has completion events`);
    for (const event of step.completionEvents)
      assert.match(event, /^(onCommand|onContext):/, `${step.id}: ${event} ticks the step before it is done`);
    assert.ok(!step.completionEvents.includes('onCommand:workbench.action.chat.open'), step.id);
  }
});
