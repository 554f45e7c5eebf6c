// The links a Move quick fix rewrites (core/hosts/moveReferences.ts): into the moved folder from
// elsewhere, and out of it from inside; the rest left alone. Expected texts are written by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinPath, normalizePath } from '../../src/core/base/paths';
import type { TextEdit } from '../../src/core/base/types';
import { LineMap } from '../../src/core/base/textPositions';
import { linkEditsForMove } from '../../src/core/hosts/moveReferences';

const WS = normalizePath(process.platform === 'win32' ? 'C:/ws' : '/ws');
const move = { from: joinPath(WS, 'skills/legacy'), to: joinPath(WS, '.agents/skills/legacy') };

/** The text with the edits applied (they do not overlap). */
function applied(text: string, edits: readonly TextEdit[]): string {
  const lines = new LineMap(text);
  let out = text;
  for (const edit of [...edits].sort((a, b) => lines.offsetAt(b.range.start) - lines.offsetAt(a.range.start))) {
    out = out.slice(0, lines.offsetAt(edit.range.start)) + edit.newText + out.slice(lines.offsetAt(edit.range.end));
  }
  return out;
}

test('a file elsewhere that links into the moved folder follows it, keeping anchors', () => {
  const readme =
    '# Team\n\nSee [legacy](skills/legacy/SKILL.md#usage) and [its guide](./skills/legacy/references/guide.md).\n\n[def]: skills/legacy/SKILL.md\n';
  const edits = linkEditsForMove(readme, joinPath(WS, 'README.md'), move);
  assert.equal(
    applied(readme, edits),
    '# Team\n\nSee [legacy](.agents/skills/legacy/SKILL.md#usage) and [its guide](./.agents/skills/legacy/references/guide.md).\n\n[def]: .agents/skills/legacy/SKILL.md\n',
  );
});

test('a file inside the moved folder: links out of it are rewritten, links within it are not', () => {
  const skill =
    '---\nname: legacy\ndescription: Old. Use when asked.\n---\nFollow [the style](../shared/style.md) and [the guide](references/guide.md).\n\n```md\n[in a fence](../shared/style.md)\n```\n';
  const edits = linkEditsForMove(skill, joinPath(WS, 'skills/legacy/SKILL.md'), move);
  assert.equal(
    applied(skill, edits),
    '---\nname: legacy\ndescription: Old. Use when asked.\n---\nFollow [the style](../../../skills/shared/style.md) and [the guide](references/guide.md).\n\n```md\n[in a fence](../shared/style.md)\n```\n',
  );
});

test('links that do not touch the moved folder, URLs and anchors are left alone', () => {
  const other =
    '---\nname: other\ndescription: Other. Use when asked.\n---\n[a](../review/SKILL.md) [b](https://example.com/skills/legacy) [c](#top)\n';
  assert.deepEqual(linkEditsForMove(other, joinPath(WS, 'skills/other/SKILL.md'), move), []);
});

test('a sibling skill that links to the moved one', () => {
  const sibling =
    '---\nname: other\ndescription: Other. Use when asked.\n---\nAfter this, run [legacy](../legacy/SKILL.md).\n';
  const edits = linkEditsForMove(sibling, joinPath(WS, 'skills/other/SKILL.md'), move);
  assert.equal(
    applied(sibling, edits),
    '---\nname: other\ndescription: Other. Use when asked.\n---\nAfter this, run [legacy](../../.agents/skills/legacy/SKILL.md).\n',
  );
});
