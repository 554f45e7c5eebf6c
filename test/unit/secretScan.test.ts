// findSecrets (core/review/secrets.ts) finds assignments by their quoted value first and checks the
// key before it: here it is compared, on generated texts, with the single regular expression
// that states the rule directly (slower, since it is tried at every position of every file).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findSecrets } from '../../src/core/review/secrets';
import { seededRandom } from '../seededRandom';

const RULE =
  /\b["']?(?:api[_-]?key|apikey|api[_-]?token|access[_-]?token|auth[_-]?token|secret[_-]?key|client[_-]?secret|password|passwd)["']?\s*[:=]\s*(["'])([^"'\s]{8,})\1/gi;

/** The rule's values, less those that hold a known token (reported as that token instead). */
function byRule(text: string, tokenStarts: readonly number[]): string[] {
  const values: string[] = [];
  for (const match of text.matchAll(RULE)) {
    if (tokenStarts.some((at) => at >= match.index && at < match.index + match[0].length)) continue;
    values.push(match[2]);
  }
  return values;
}

const KEYS = [
  'api_key',
  'apiKey',
  'API-TOKEN',
  'password',
  'passwd',
  'apikey',
  'secret_key',
  'client-secret',
  'access_token',
  'auth_token',
  'token',
  'key',
];
const VALUES = [
  'Zq8vN3kLp2Rt',
  'short',
  'hello world',
  'your-key-here',
  '<KEY>',
  'aaaaaaaaaa',
  'abcdefgh',
  'abcdefg',
  'sk-ant-Q7fJ2mX9pL4vR8tK1wZc',
  'sk-ant-0123456789abcdefghijXYZ',
  'PINECONE_API_KEY',
  'hardcodedvalue',
  'Zq8vN3kLp2R',
];
const PIECES = [
  'api_key',
  'apiKey',
  'API-TOKEN',
  'password',
  'passwd',
  'myapikey',
  'secret_key',
  'client-secret',
  'access_token',
  ':',
  '=',
  ': ',
  ' = ',
  '"',
  "'",
  'Zq8vN3kLp2Rt',
  'short',
  'hello world',
  '\n',
  ' ',
  'x',
  '"apiKey"',
  'token',
  'your-key-here',
  '<KEY>',
  'aaaaaaaaaa',
];

/** Five digits, or five letters, each the one after the last (`34567`, `CdEfG`). */
function countsUp(value: string): boolean {
  const v = value.toLowerCase();
  for (let i = 0; i + 5 <= v.length; i++) {
    const run = v.slice(i, i + 5);
    const sameKind = /^[0-9]+$/.test(run) || /^[a-z]+$/.test(run);
    if (sameKind && [...run].every((c, k) => k === 0 || c.charCodeAt(0) === run.charCodeAt(k - 1) + 1)) return true;
  }
  return false;
}

test('assignments: the quoted-value-first scan finds exactly what the rule states', () => {
  const random = seededRandom(8);
  let found = 0;
  for (let i = 0; i < 50_000; i++) {
    let text = '';
    const parts = 2 + Math.floor(random() * 8);
    const pick = (items: readonly string[]) => items[Math.floor(random() * items.length)];
    for (let p = 0; p < parts; p++) {
      // Half the pieces are assignments with varied keys, separators, quotes and values.
      text +=
        random() < 0.5
          ? `${pick(['', '"', "'", 'x', ' ', '_'])}${pick(KEYS)}${pick(['', '"', "'"])}${pick(['', ' ', '\n'])}${pick([':', '=', ''])}${pick(['', ' ', '  '])}${pick(['"', "'"])}${pick(VALUES)}${pick(['"', "'"])}`
          : pick(PIECES);
    }
    const tokens = findSecrets(text)
      .filter((f) => f.kind !== 'a literal credential')
      .map((f) => f.start);
    const expected = byRule(text, tokens).filter(
      (v) =>
        !/[<>{}$*]|\.\.\.|…|your|example|sample|changeme|placeholder|redacted|dummy|secret_here|token_here/i.test(v) &&
        !/(.)\1{5,}/.test(v) &&
        !countsUp(v) &&
        // Drawn at random: 12 characters or more, not a variable's name or a word, letters mixed with others.
        v.length >= 12 &&
        !/^[A-Z][A-Z0-9_]*$/.test(v) &&
        !/^[a-z]+(?:[-_][a-z]+)*$/i.test(v) &&
        /[A-Za-z]/.test(v) &&
        /[^A-Za-z]/.test(v),
    );
    const actual = findSecrets(text)
      .filter((f) => f.kind === 'a literal credential')
      .map((f) => text.slice(f.start, f.end));
    assert.deepEqual(actual, expected, JSON.stringify(text));
    found += actual.length;
  }
  assert.ok(found > 500, `only ${found} findings: the generator must produce assignments`);
});
