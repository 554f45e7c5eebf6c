// The pure helpers of the @skills slash commands: parsing, fencing, error wording,
// stored metadata and follow-ups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeToolError,
  escapeInlineMarkdown,
  followupsFor,
  markdownFence,
  parseSkillCommand,
  readChatMetadata,
} from '../../src/core/chat/chatCommands';

test('parseSkillCommand splits the name from the arguments', () => {
  assert.deepEqual(parseSkillCommand('code-review src/app.ts --strict'), {
    name: 'code-review',
    args: 'src/app.ts --strict',
  });
  assert.deepEqual(parseSkillCommand('  code-review  '), { name: 'code-review', args: '' });
  assert.deepEqual(parseSkillCommand('fix "two words"\nand a line'), { name: 'fix', args: '"two words"\nand a line' });
  assert.equal(parseSkillCommand(''), undefined);
  assert.equal(parseSkillCommand('   \n '), undefined);
});

test('markdownFence uses a fence longer than any backtick run inside', () => {
  assert.equal(markdownFence('plain', 'markdown'), '```markdown\nplain\n```');
  assert.equal(markdownFence('has ```js\ncode\n``` inside'), '````\nhas ```js\ncode\n``` inside\n````');
  assert.equal(markdownFence('ends with newline\n'), '```\nends with newline\n```');
});

test('escapeInlineMarkdown folds lines and escapes layout characters', () => {
  assert.equal(escapeInlineMarkdown('a | b\n*c*'), 'a \\| b \\*c\\*');
  assert.equal(escapeInlineMarkdown("Did you mean 'code-review'?"), "Did you mean 'code-review'?");
});

test('describeToolError gives the title, the message and the suggestion', () => {
  const text = describeToolError({
    type: 'not_found',
    message: "No skill named 'code-reveiw'.",
    suggestion: "Did you mean 'code-review'?",
  });
  assert.equal(text, "**Not found:** No skill named 'code-reveiw'. Did you mean 'code-review'?");
  assert.match(
    describeToolError({ type: 'invalid_skill', message: 'broken' }),
    /^\*\*Skill cannot be used:\*\* broken$/,
  );
});

test('readChatMetadata keeps well-formed fields and drops the rest', () => {
  const rounds = [
    {
      text: '',
      toolCalls: [{ callId: 'c', name: 't', input: {} }],
      results: [{ callId: 'c', text: 'r', isError: false }],
    },
  ];
  assert.deepEqual(readChatMetadata({ command: 'run', rounds, skillsUsed: ['a', 3] }), {
    command: 'run',
    rounds,
    skillsUsed: ['a'],
  });
  assert.deepEqual(readChatMetadata({ rounds: [{ text: 1 }] }), { rounds: [], skillsUsed: [] });
  assert.deepEqual(readChatMetadata(undefined), { rounds: [], skillsUsed: [] });
});

test('followupsFor suggests /show for used skills and /list unless the turn was /list', () => {
  assert.deepEqual(followupsFor({ rounds: [], skillsUsed: ['code-review'] }), [
    { prompt: 'code-review', label: 'Run /show code-review', command: 'show' },
    { prompt: '', label: 'List the skills (/list)', command: 'list' },
  ]);
  assert.deepEqual(followupsFor({ command: 'list', rounds: [], skillsUsed: [] }), []);
  assert.equal(followupsFor({ rounds: [], skillsUsed: ['a', 'b', 'c', 'd'] }).length, 4);
});
