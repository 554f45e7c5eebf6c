// `/new`: taking the SKILL.md out of a model's answer and checking it with the linter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkDraft,
  draftRequestPrompt,
  draftRetryPrompt,
  DRAFT_SYSTEM_PROMPT,
  extractDraftText,
} from '../../src/core/chat/skillDraft';

const GOOD =
  '---\nname: sql-review\ndescription: Reviews SQL migrations for locking problems. Use when a migration changes a table.\n---\n1. Read the migration.\n\n$ARGUMENTS\n';

test('extractDraftText takes the ```markdown block', () => {
  assert.equal(extractDraftText(`Here you go:\n\n\`\`\`markdown\n${GOOD}\`\`\`\n\nEnjoy.`), GOOD);
});

test('extractDraftText keeps code blocks inside the skill (closes at the last fence)', () => {
  const withCode = `${GOOD}\n\`\`\`sql\nSELECT 1;\n\`\`\`\n`;
  assert.equal(extractDraftText(`\`\`\`markdown\n${withCode}\`\`\``), withCode);
  assert.equal(extractDraftText(`\`\`\`\`md\n${withCode}\`\`\`\``), withCode);
});

test('extractDraftText accepts a bare file or an unclosed fence, and refuses prose', () => {
  assert.equal(extractDraftText(GOOD), GOOD);
  assert.equal(extractDraftText(`\`\`\`markdown\n${GOOD}`), GOOD);
  assert.equal(extractDraftText('I cannot help with that.'), undefined);
  assert.equal(extractDraftText('```markdown\n```'), undefined);
});

test('extractDraftText handles CRLF answers', () => {
  assert.equal(extractDraftText(`\`\`\`markdown\r\n${GOOD.replace(/\n/g, '\r\n')}\`\`\`\r\n`), GOOD);
});

test('checkDraft returns the parts of a valid draft, linted against its own name', () => {
  const checked = checkDraft(GOOD);
  assert.deepEqual(checked.errors, []);
  assert.deepEqual(checked.draft, {
    name: 'sql-review',
    description: 'Reviews SQL migrations for locking problems. Use when a migration changes a table.',
    body: '1. Read the migration.\n\n$ARGUMENTS\n',
  });
});

test('checkDraft reports errors, and the retry prompt lists them', () => {
  const checked = checkDraft('---\nname: SQL Review\n---\nBody.\n');
  const codes = checked.errors.map((p) => p.code).sort();
  assert.ok(codes.includes('name-format'), codes.join());
  assert.ok(codes.includes('description-missing'), codes.join());
  assert.equal(checked.draft, undefined);
  const retry = draftRetryPrompt(checked);
  assert.match(retry, /name-format/);
  assert.match(retry, /description-missing/);
  assert.match(retry, /```markdown/);
});

test('checkDraft on text without frontmatter reports no-frontmatter', () => {
  const checked = checkDraft('Just a body.\n');
  assert.deepEqual(
    checked.errors.map((p) => p.code),
    ['no-frontmatter'],
  );
  assert.equal(checked.draft, undefined);
});

test('the draft prompts ask for only the file in a markdown fence', () => {
  assert.match(DRAFT_SYSTEM_PROMPT, /ONLY the complete file/);
  assert.match(DRAFT_SYSTEM_PROMPT, /```markdown/);
  assert.match(draftRequestPrompt('  review SQL  '), /review SQL$/);
});
