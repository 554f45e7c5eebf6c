// `skillsmith route` and `skillsmith eval` (docs/routing.md): JSON shapes, exit codes, both
// eval formats, and --router openai against a fake server on loopback. The CLI runs as a
// child process; it is spawned asynchronously so that the fake server in this process can answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer/cjs/encoding/o200k_base';
import { builtCli, makeTempDir, removeDir, writeFile, writeSkill } from '../unit/engineTestUtils';
import { completion, startFakeOpenAi } from '../unit/fakeOpenAiServer';

let tmp: string;
let ws: string;
let cli: string;

before(() => {
  cli = builtCli();
  tmp = makeTempDir('skillsmith-routing-cli-');
  ws = path.join(tmp, 'ws');
  const skills = path.join(ws, 'skills');
  writeSkill(
    skills,
    'weather',
    'Looks up the weather forecast for a city. Use when the user asks about rain or temperature.',
  );
  writeSkill(
    skills,
    'file-stats',
    'Counts the files under a folder by size and type. Use when the user asks how big a folder is.',
  );
  writeSkill(
    skills,
    'code-review',
    "Reviews a file against the team's conventions. Use when the user asks for a code review.",
  );
  writeFile(
    path.join(ws, 'cases.json'),
    JSON.stringify([
      { query: 'will it rain in Paris tomorrow', expected: ['weather'] },
      { query: 'how big is this folder', expected: ['file-stats'] },
      { query: 'review this file against our conventions', expected: ['code-review'] },
      { query: 'deploy kubernetes helm charts with terraform', expected: [] },
    ]),
  );
  writeFile(
    path.join(ws, 'skills/weather/evals/trigger-evals.json'),
    JSON.stringify([
      { query: 'is it going to rain in Oslo', should_trigger: true },
      { query: 'count the files in my folder', should_trigger: false },
    ]),
  );
});

after(() => removeDir(tmp));

function run(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: ws, env: { ...process.env, HOME: tmp, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

test('route prints the ranking and the pick', async () => {
  const result = await run(['route', 'will it rain in Paris', '--no-user', '--json']);
  assert.equal(result.status, 0, result.stderr);
  const output = JSON.parse(result.stdout);
  assert.deepEqual(Object.keys(output), ['query', 'results', 'pick']);
  assert.equal(output.abstention, undefined);
  assert.equal(output.query, 'will it rain in Paris');
  assert.equal(output.pick, 'weather');
  assert.equal(output.results[0].name, 'weather');
  assert.equal(typeof output.results[0].score, 'number');
  const none = JSON.parse((await run(['route', 'xyzzy plugh', '--no-user', '--json'])).stdout);
  assert.deepEqual(none, {
    query: 'xyzzy plugh',
    results: [],
    pick: null,
    abstention: { reason: 'no-match', message: 'no skill shares a word with the request' },
  });
  // Words every description has, and nothing else: the text says why there is no pick.
  const common = await run(['route', 'the user asks', '--no-user']);
  assert.match(common.stdout, /pick: none \(the best match shares with the request only words that every skill has\)/);
  assert.equal(
    JSON.parse((await run(['route', 'the user asks', '--no-user', '--json'])).stdout).abstention.reason,
    'common-words-only',
  );
  assert.equal((await run(['route', 'q', '--top', '0', '--no-user'])).status, 2);
});

test('eval --router lexical prints the summary of docs/routing.md', async () => {
  const result = await run(['eval', 'cases.json', '--no-user', '--json']);
  assert.equal(result.status, 0, result.stderr);
  const summary = JSON.parse(result.stdout);
  for (const key of ['router', 'cases', 'top1', 'hit3', 'mrr', 'abstain_fpr', 'per_skill', 'confusions', 'failures'])
    assert.ok(key in summary, key);
  assert.equal(summary.router, 'lexical');
  assert.equal(summary.cases, 4);
  assert.equal(summary.top1, 1);
  assert.equal(summary.abstain_fpr, 0);
  assert.deepEqual(summary.per_skill.weather, { recall: 1, recall_ci: [0.2065, 1], cases: 1 }); // 1 of 1: [1 / (1 + z²), 1] = [0.2065, 1]
  assert.deepEqual(summary.failures, []);
});

test('--min-top1 fails the run when not met; bad options are usage errors', async () => {
  writeFile(
    path.join(ws, 'hard.jsonl'),
    '{"query": "how big is this folder", "expected": ["weather"]}\n{"query": "rain tomorrow?", "expected": ["weather"]}\n',
  );
  const failing = await run(['eval', 'hard.jsonl', '--no-user', '--min-top1', '0.9']);
  assert.equal(failing.status, 1);
  assert.match(failing.stderr, /top-1 0\.5 is below --min-top1 0\.9/);
  const usage = await Promise.all([
    run(['eval', 'hard.jsonl', '--no-user', '--min-top1', '2']),
    run(['eval', 'hard.jsonl', '--no-user', '--router', 'magic']),
    run(['eval', 'missing.json', '--no-user']),
  ]);
  assert.deepEqual(
    usage.map((u) => u.status),
    [2, 2, 2],
  );
  assert.match(usage[0].stderr, /--min-top1 takes a share from 0 to 1, not '2'/);
  assert.match(usage[1].stderr, /--router is lexical or openai, not 'magic'/);
  assert.match(usage[2].stderr, /cannot read 'missing\.json'/);
});

test('trigger evals take their skill from the folder, or from --skill', async () => {
  const result = await run(['eval', 'skills/weather/evals/trigger-evals.json', '--no-user', '--json']);
  assert.equal(result.status, 0, result.stderr);
  const summary = JSON.parse(result.stdout);
  assert.equal(summary.cases, 2);
  assert.equal(summary.top1, 1);
  writeFile(path.join(ws, 'loose.json'), JSON.stringify([{ query: 'review this file', should_trigger: true }]));
  const named = JSON.parse((await run(['eval', 'loose.json', '--skill', 'code-review', '--no-user', '--json'])).stdout);
  assert.deepEqual(named.per_skill, { 'code-review': { recall: 1, recall_ci: [0.2065, 1], cases: 1 } });
  // without a skill, the file has no valid case: usage error, with the reason on stderr
  const orphan = await run(['eval', 'loose.json', '--no-user']);
  assert.equal(orphan.status, 2);
  assert.match(orphan.stderr, /loose\.json:1:\d+: error: A trigger eval belongs to one skill/);
});

test('unknown names in an eval file are warned about on stderr with a did-you-mean', async () => {
  writeFile(path.join(ws, 'typo.json'), '[{"query": "rain?", "expected": ["wether"]}]');
  const result = await run(['eval', 'typo.json', '--no-user']);
  assert.equal(result.status, 0);
  assert.match(
    result.stderr,
    /typo\.json:1:34: warning: No skill named 'wether'\. Did you mean 'weather'\? \[eval-unknown-skill\]/,
  );
});

test('eval --router openai asks the model with the @skills prompt, 3 runs by default', async () => {
  // The model always loads 'weather': right for the rain case, a confusion for the folder case.
  const server = await startFakeOpenAi(() =>
    completion({ tool_calls: [{ name: 'skillsmith_loadSkill', arguments: { name: 'weather' } }] }),
  );
  try {
    writeFile(
      path.join(ws, 'two.json'),
      JSON.stringify([
        { query: 'rain in Oslo?', expected: ['weather'] },
        { query: 'how big is my folder', expected: ['file-stats'] },
      ]),
    );
    const env = { SKILLSMITH_OPENAI_BASE_URL: server.baseUrl, SKILLSMITH_OPENAI_MODEL: 'fake-gpt' };
    const result = await run(['eval', 'two.json', '--router', 'openai', '--no-user', '--json'], env);
    assert.equal(result.status, 0, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.equal(summary.router, 'fake-gpt');
    assert.equal(summary.runs, 3);
    assert.equal(summary.hit3, null);
    assert.equal(summary.top1, 0.5);
    assert.deepEqual(summary.confusions, [{ expected: 'file-stats', picked: 'weather', share: 1 }]);
    assert.deepEqual(summary.failures, [
      {
        query: 'how big is my folder',
        expected: ['file-stats'],
        picked: 'weather',
        picks: { weather: 3 },
        right: 0,
        runs: 3,
      },
    ]);
    // k of N per case, with its Wilson interval: 3 of 3 is [z²/(3 + z²) ... 1] = [0.4385, 1]
    assert.deepEqual(
      summary.per_case.map((c: { right: number; runs: number; rate_ci: number[] }) => [c.right, c.runs, c.rate_ci]),
      [
        [3, 3, [0.4385, 1]],
        [0, 3, [0, 0.5615]],
      ],
    );
    // 1 of 2 cases: [0.0945, 0.9055]
    assert.deepEqual(summary.top1_ci, [0.0945, 0.9055]);
    assert.equal(server.requests.length, 6);
    assert.match(server.requests[0].messages[0].content, /- file-stats: Counts the files/);
    const missing = await run(['eval', 'two.json', '--router', 'openai', '--no-user'], {
      SKILLSMITH_OPENAI_BASE_URL: '',
      SKILLSMITH_OPENAI_MODEL: '',
    });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /SKILLSMITH_OPENAI_BASE_URL and SKILLSMITH_OPENAI_MODEL/);
  } finally {
    await server.close();
  }
});

test(
  'eval --router openai: a failed request never scores; 429 with Retry-After is retried; a case with no valid run fails the CLI',
  { timeout: 120_000 },
  async () => {
    writeFile(
      path.join(ws, 'limited.json'),
      JSON.stringify([
        { query: 'rain in Oslo?', expected: ['weather'] },
        { query: 'bake a cake', expected: [] },
      ]),
    );
    const limited = { status: 429, body: { error: { message: 'rate limited' } }, headers: { 'retry-after': '0' } };
    // Everything rate-limited: nothing may pass, not even the case that expects no skill.
    const always = await startFakeOpenAi(() => limited);
    try {
      const env = { SKILLSMITH_OPENAI_BASE_URL: always.baseUrl, SKILLSMITH_OPENAI_MODEL: 'fake-gpt' };
      const result = await run(
        ['eval', 'limited.json', '--router', 'openai', '--no-user', '--runs', '1', '--min-top1', '0.3', '--json'],
        env,
      );
      assert.equal(result.status, 1, result.stderr);
      const summary = JSON.parse(result.stdout);
      assert.equal(summary.cases, 0);
      assert.equal(summary.errored_cases, 2);
      assert.equal(summary.errored_runs, 2);
      assert.equal(summary.abstain_fpr, null, 'no abstention was measured');
      assert.match(summary.first_error, /429: rate limited/);
      assert.match(result.stderr, /2 case\(s\) had no valid run/);
      // Each request was asked 5 times (4 retries).
      assert.equal(always.requests.length, 10);
      const text = await run(['eval', 'limited.json', '--router', 'openai', '--no-user', '--runs', '1'], env);
      assert.match(text.stdout, /\*\*2 requests failed\*\* and are left out of every figure; 2 cases had no valid run/);
    } finally {
      await always.close();
    }
    // Rate-limited once, then answered: the retry makes it count.
    let calls = 0;
    const flaky = await startFakeOpenAi(() =>
      calls++ % 2 === 0
        ? limited
        : completion({ tool_calls: [{ name: 'skillsmith_loadSkill', arguments: { name: 'weather' } }] }),
    );
    try {
      const env = { SKILLSMITH_OPENAI_BASE_URL: flaky.baseUrl, SKILLSMITH_OPENAI_MODEL: 'fake-gpt' };
      const result = await run(
        ['eval', 'limited.json', '--router', 'openai', '--no-user', '--runs', '1', '--json'],
        env,
      );
      assert.equal(result.status, 0, result.stderr);
      const summary = JSON.parse(result.stdout);
      assert.deepEqual([summary.cases, summary.errored_runs, summary.top1, summary.abstain_fpr], [2, 0, 0.5, 1]);
    } finally {
      await flaky.close();
    }
  },
);

test('eval reports the skills that took requests expecting none; --runs with the lexical router runs once, with a warning', async () => {
  writeFile(
    path.join(ws, 'offtopic.json'),
    JSON.stringify([
      { query: 'will it rain in Paris tomorrow', expected: ['weather'] },
      { query: 'how much rain fell in my garden barrel', expected: [] },
      { query: 'rain dance music playlist', expected: [] },
    ]),
  );
  const result = await run(['eval', 'offtopic.json', '--no-user', '--json']);
  const summary = JSON.parse(result.stdout);
  assert.deepEqual(summary.false_picks, { requests: 2, picks: { weather: 2 } });
  const text = await run(['eval', 'offtopic.json', '--no-user']);
  assert.match(
    text.stdout,
    /\*\*Picked when no skill should be\*\*\n\n- `weather` took 2 of the 2 requests that expect no skill/,
  );
  assert.doesNotMatch(text.stdout, /No confusions/);
  const repeated = await run(['eval', 'offtopic.json', '--no-user', '--runs', '3', '--json']);
  assert.match(repeated.stderr, /the lexical router is deterministic, so --runs 3 would repeat identical runs/);
  assert.equal(JSON.parse(repeated.stdout).runs, 1);
});

test('route warns when the two best scores are a near tie', async () => {
  // Two skills with one description and names the request does not use: their scores tie.
  writeSkill(
    path.join(ws, 'skills'),
    'meteo',
    'Reports the snowfall for a mountain. Use when the user asks about snow depth.',
  );
  writeSkill(
    path.join(ws, 'skills'),
    'clima',
    'Reports the snowfall for a mountain. Use when the user asks about snow depth.',
  );
  try {
    const result = await run(['route', 'snow depth on the mountain', '--no-user']);
    assert.match(result.stdout, /warning: clima and meteo score within 2 % of each other/);
    assert.deepEqual(
      JSON.parse((await run(['route', 'snow depth on the mountain', '--no-user', '--json'])).stdout).nearTie,
      ['clima', 'meteo'],
    );
    assert.doesNotMatch((await run(['route', 'will it rain in Paris', '--no-user'])).stdout, /warning/);
  } finally {
    fs.rmSync(path.join(ws, 'skills', 'meteo'), { recursive: true, force: true });
    fs.rmSync(path.join(ws, 'skills', 'clima'), { recursive: true, force: true });
  }
});

test(
  'eval --router openai: the cost before and after, the temperature, cases in parallel',
  { timeout: 120_000 },
  async () => {
    const queries = [
      'how big is folder a',
      'how big is folder b',
      'how big is folder c',
      'how big is folder d',
      'how big is folder e',
      'how big is folder f',
    ];
    writeFile(path.join(ws, 'six.json'), JSON.stringify(queries.map((query) => ({ query, expected: ['file-stats'] }))));
    const server = await startFakeOpenAi(() => ({
      ...completion({ tool_calls: [{ name: 'skillsmith_loadSkill', arguments: { name: 'file-stats' } }] }),
      delayMs: 300,
    }));
    try {
      const env = { SKILLSMITH_OPENAI_BASE_URL: server.baseUrl, SKILLSMITH_OPENAI_MODEL: 'fake-gpt' };
      const result = await run(
        ['eval', 'six.json', '--router', 'openai', '--no-user', '--runs', '2', '--concurrency', '3', '--json'],
        env,
      );
      assert.equal(result.status, 0, result.stderr);
      const out = JSON.parse(result.stdout);
      // three cases at once, never more
      assert.equal(server.maxInFlight, 3);
      // with repeats and no --temperature, the requests are sampled at 1
      assert.ok(
        server.requests.every((r) => r.temperature === 1),
        JSON.stringify(server.requests.map((r) => r.temperature)),
      );
      assert.equal(out.temperature, 1);
      // the estimate: 6 cases × 2 runs; its tokens cover the system prompt and query of each request, plus the tools
      assert.equal(out.cost.estimated.requests, 12);
      const first = server.requests[0];
      const promptAndQuery = countTokens(first.messages[0].content) + countTokens(queries[0]);
      const perRequest = out.cost.estimated.input_tokens / 12;
      assert.ok(
        perRequest >= promptAndQuery && perRequest <= promptAndQuery + countTokens(JSON.stringify(first.tools)) * 1.5,
        `${perRequest} against ${promptAndQuery}`,
      );
      // what was used, as the server reported it (100 prompt and 7 completion tokens a request)
      assert.deepEqual(out.cost.used, { requests: 12, input_tokens: 1200, output_tokens: 84, source: 'reported' });
      assert.equal(out.cost.tokenizer, 'o200k_base');
      assert.match(
        result.stderr,
        /skillsmith eval: 12 model requests at least, about [\d,]+ input tokens \(counted with o200k_base\)/,
      );
      assert.match(
        result.stderr,
        /skillsmith eval: 12 model requests sent, 1,200 input and 84 output tokens \(as the server reported them\)/,
      );

      const cold = await run(['eval', 'six.json', '--router', 'openai', '--no-user', '--runs', '1', '--json'], env);
      assert.equal(JSON.parse(cold.stdout).temperature, 0);
      assert.equal(server.requests.at(-1)!.temperature, 0);
      const set = await run(
        ['eval', 'six.json', '--router', 'openai', '--no-user', '--runs', '2', '--temperature', '0.25', '--json'],
        env,
      );
      assert.equal(server.requests.at(-1)!.temperature, 0.25);
      assert.equal(JSON.parse(set.stdout).temperature, 0.25);
      assert.equal((await run(['eval', 'six.json', '--temperature', '3'])).status, 2);
    } finally {
      await server.close();
    }
  },
);

test(
  'eval --baseline compares with an earlier run case by case (McNemar), and a significantly worse run fails',
  { timeout: 120_000 },
  async () => {
    const queries = [
      'how big is folder a',
      'how big is folder b',
      'how big is folder c',
      'how big is folder d',
      'how big is folder e',
      'how big is folder f',
      'how big is folder g',
    ];
    writeFile(
      path.join(ws, 'seven.json'),
      JSON.stringify(queries.map((query) => ({ query, expected: ['file-stats'] }))),
    );
    let pick = 'weather';
    const server = await startFakeOpenAi(() =>
      completion({ tool_calls: [{ name: 'skillsmith_loadSkill', arguments: { name: pick } }] }),
    );
    try {
      const env = { SKILLSMITH_OPENAI_BASE_URL: server.baseUrl, SKILLSMITH_OPENAI_MODEL: 'fake-gpt' };
      const bad = await run(['eval', 'seven.json', '--router', 'openai', '--no-user', '--runs', '1', '--json'], env);
      writeFile(path.join(ws, 'bad.json'), bad.stdout);
      pick = 'file-stats';
      const good = await run(
        ['eval', 'seven.json', '--router', 'openai', '--no-user', '--runs', '1', '--json', '--baseline', 'bad.json'],
        env,
      );
      assert.equal(good.status, 0, good.stderr);
      // 7 right now only, 0 in the baseline only: p = 2 × 2⁻⁷ = 0.0156
      assert.deepEqual(JSON.parse(good.stdout).comparison, {
        baseline: 'bad.json',
        paired: 7,
        only_baseline: 0,
        only_now: 7,
        p: 0.0156,
        better: 'now',
      });
      writeFile(path.join(ws, 'good.json'), good.stdout);
      pick = 'weather';
      const worse = await run(
        ['eval', 'seven.json', '--router', 'openai', '--no-user', '--runs', '1', '--baseline', 'good.json'],
        env,
      );
      assert.equal(worse.status, 1);
      assert.match(
        worse.stdout,
        /Significantly worse than the baseline \(0 cases right now only, 7 right in the baseline only, of 7 paired; McNemar p = 0\.0156\)/,
      );
      const notJson = await run(['eval', 'seven.json', '--baseline', 'seven.json']);
      assert.equal(notJson.status, 2);
      assert.match(notJson.stderr, /is not the output of skillsmith eval --json/);
    } finally {
      await server.close();
    }
  },
);
