// The complete lint (core/lint/validateFile.ts) with a count that comes from another thread
// (`skillsmith validate`): it lints the rest of the skill while the count is on its way, and
// reports body-too-many-tokens exactly as it does with a count at hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import { joinPath, normalizePath } from '../../src/core/base/paths';
import { lintSkillText } from '../../src/core/lint/validateFile';

const ROOT = normalizePath(process.platform === 'win32' ? 'C:/ws' : '/ws');
const DIR = joinPath(ROOT, 'skills', 'long-one');
const FILE = joinPath(DIR, 'SKILL.md');
const TEXT = `---\nname: long-one\ndescription: Checks long things. Use when a thing is long.\n---\n\n# Long\n\nSee [the guide](references/guide.md).\n\n${'word '.repeat(1500)}\n`;

function skillFs(): MemoryFileSystem {
  return new MemoryFileSystem(ROOT).addFile(FILE, TEXT).addFile(joinPath(DIR, 'references', 'guide.md'), '# Guide\n');
}

/** A file system that tells when the lint first reads the skill's folder. */
function watched(onRead: () => void): MemoryFileSystem {
  const fs = skillFs();
  const readDirectory = fs.readDirectory.bind(fs);
  fs.readDirectory = (path: string) => {
    onRead();
    return readDirectory(path);
  };
  return fs;
}

for (const tokens of [6000, 4000]) {
  test(
    `a count of ${tokens} given later: the same problems as with it at hand, and the folder read while it comes`,
    { timeout: 10_000 },
    async () => {
      const count = (_text: string, _limit: number) => tokens;
      const atHand = await lintSkillText(skillFs(), FILE, TEXT, { countTokens: count });
      let release: () => void = () => undefined;
      const arrived = new Promise<void>((resolve) => (release = resolve));
      let asked = 0;
      // The count arrives only once the lint has gone on to the folder: a lint that waited for
      // the count first would never get there, and this test would time out.
      const later = await lintSkillText(
        watched(() => release()),
        FILE,
        TEXT,
        {
          countTokens: (text, limit) => {
            asked++;
            return count(text, limit);
          },
          prepareTokenCount: () => arrived,
        },
      );
      assert.equal(asked, 1);
      assert.deepEqual(later.problems, atHand.problems);
      assert.deepEqual(later.analysis, atHand.analysis);
      assert.equal(
        later.problems.some((p) => p.code === 'body-too-many-tokens'),
        tokens > 5000,
      );
    },
  );
}
