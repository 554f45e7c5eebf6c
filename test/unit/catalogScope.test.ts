// A scan reads a skill file's head, decodes only up to the end of its frontmatter
// (closingFenceEnd) and asks the lint for the catalog's scope. On every real SKILL.md the
// record must say what a full read in that scope says: name, description, hidden flag and
// every problem with its range; and the scope must keep every error of a full lint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { HEAD_BYTES } from '../../src/core/base/limits';
import { decodeUtf8 } from '../../src/core/base/text';
import { analyzeSkillText } from '../../src/core/lint/analyze';
import { closingFenceEnd } from '../../src/core/catalog/skillRecord';
import { corpusForTests, skillFilesBelow } from './corpusLocation';

const CORPORA = ['corpus', 'corpus-wide', 'routing-bench/dotnet-artisan'].map((name) => corpusForTests(name));
const SKIP = CORPORA.map((c) => c.skip).find((skip) => skip !== false) ?? false;

test('closingFenceEnd: the end of the first closing fence line, or nothing', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  assert.equal(closingFenceEnd(bytes('---\nname: a\n---\nbody\n')), 16);
  assert.equal(closingFenceEnd(bytes('---\r\nname: a\r\n---  \r\nbody')), 21); // 5 + 9 + 7
  assert.equal(closingFenceEnd(bytes('\ufeff---\nx: y\n---')), 15);
  assert.equal(closingFenceEnd(bytes('---\nx: y\n--- not a fence\n---\n')), 29);
  assert.equal(closingFenceEnd(bytes('---\nx: y\n----\n')), undefined);
  assert.equal(closingFenceEnd(bytes('name: a\n---\n')), undefined);
  assert.equal(closingFenceEnd(bytes('---\nname: a\n')), undefined);
});

test(
  'on every real SKILL.md, the frontmatter prefix in the catalog scope gives the same record; the scope keeps every error',
  { skip: SKIP },
  () => {
    let files = 0;
    let cut = 0;
    for (const { dir } of CORPORA) {
      for (const file of skillFilesBelow(dir)) {
        const head = fs.readFileSync(file).subarray(0, HEAD_BYTES);
        const options = {
          folderName: nodePath.basename(nodePath.dirname(file)),
          fileName: nodePath.basename(file),
          complete: false,
        };
        const end = closingFenceEnd(head);
        const whole = analyzeSkillText(decodeUtf8(head), { ...options, scope: 'catalog' });
        const prefix =
          end === undefined
            ? whole
            : analyzeSkillText(decodeUtf8(head.subarray(0, end)), { ...options, scope: 'catalog' });
        const summary = (a: typeof whole) => ({
          name: a.name,
          nameRange: a.nameRange,
          description: a.description,
          hidden: a.hidden,
          problems: a.problems,
        });
        assert.deepEqual(summary(prefix), summary(whole), file);
        const full = analyzeSkillText(decodeUtf8(head), options);
        const errors = (a: typeof whole) => a.problems.filter((p) => p.severity === 'error');
        assert.deepEqual(errors(whole), errors(full), `${file}: the catalog scope lost an error`);
        files++;
        if (end !== undefined) cut++;
      }
    }
    assert.ok(files >= 1000 && cut / files > 0.9, `${cut} of ${files} files were cut at their frontmatter`);
  },
);
