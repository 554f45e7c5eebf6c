// dist/o200k.js carries the o200k_base ranks compressed (scripts/build.mjs): the built counter,
// decompressed as the CLI and the extension load it, counts as gpt-tokenizer does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { countTokens } from 'gpt-tokenizer/cjs/encoding/o200k_base';
import { testPath as path } from '../unit/testPaths';
import { builtCli, findRepoRoot } from '../unit/engineTestUtils';
import { randomText, seededRandom } from '../seededRandom';

const REPO = findRepoRoot();
const NO_SPECIAL = { disallowedSpecial: new Set<string>() };

test('the built dist/o200k.js counts every sample as gpt-tokenizer does', { timeout: 120_000 }, () => {
  builtCli(REPO);
  const bundle = path.join(REPO, 'dist', 'o200k.js');
  const source = fs.readFileSync(bundle, 'utf8');
  assert.ok(source.length < 1_400_000, `dist/o200k.js is ${source.length} bytes: are its ranks compressed?`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built bundle, as the CLI requires it
  const built = require(bundle) as { countTokens: (text: string) => number };
  const random = seededRandom(38);
  const alphabet = ['a', 'Z', ' ', '\n', 'é', '日本', '🙂', '0', '\t', '--', '<|endoftext|>', '$ARGUMENTS', 'ß'];
  const samples = [
    '',
    '---\nname: pdf-tools\ndescription: Fills PDF forms. Use when a PDF has fields.\n---\n# PDF\n',
    fs.readFileSync(path.join(REPO, 'README.md'), 'utf8'),
    ...Array.from({ length: 200 }, () => randomText(random, alphabet, 60)),
  ];
  for (const text of samples)
    assert.equal(built.countTokens(text), countTokens(text, NO_SPECIAL), JSON.stringify(text.slice(0, 80)));
});
