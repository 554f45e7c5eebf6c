// Routing evals in the real VS Code (docs/routing.md): the Test Explorer tree of eval files
// and its updates, a run with the scripted fake model (pass, fail with what was picked, the
// confusion in the report and in the lint), `/eval` in chat, and cancellation.
import * as assert from 'assert';
import * as vscode from 'vscode';
import * as fs from 'fs';
import {
  HostTest,
  deleteWorkspaceFile,
  getExtensionApi,
  getFakeRequests,
  setFakeScript,
  waitFor,
  workspaceUri,
  writeWorkspaceFile,
} from '../helpers';
import { clickNotificationButton, notificationTexts } from '../helpers/workbenchPage';
import { diskPath } from './uiSupport';
import { lastResponseMarkdown, newChatSession, sendChat } from '../helpers/chat';
import { lastRoutingRun, routingReady, routingReportText, routingTree, runAllRoutingTests } from '../helpers/routing';

const TRIGGER = 'skills/sql-review/evals/trigger-evals.json';
const CATALOG = 'evals/catalog.routing.json';

/** The fake model as a router: "slow joins" goes to db-migrate (the scripted confusion). */
export const ROUTES = {
  route: [
    { when: 'slow joins', pick: 'db-migrate' },
    { when: 'check my SQL', pick: 'sql-review' },
    { when: 'created_at', pick: 'db-migrate' },
    { when: 'rain', pick: 'weather' },
    { when: 'snowing', pick: 'weather' },
    { when: 'rename the email', pick: 'db-migrate' },
    { when: 'capital of France', pick: null },
  ],
};

const caseId = (file: string, index: number) => `case:${workspaceUri(file).toString()}#${index}`;

export const tests: HostTest[] = [
  {
    name: 'Test Explorer items appear for each eval file, under its skill or the catalog file',
    timeoutMs: 40_000,
    fn: async () => {
      await (await getExtensionApi<{ whenIdle(): Promise<void> }>()).whenIdle();
      await routingReady();
      const tree = await waitFor(
        async () => {
          const items = await routingTree();
          return items.length === 2 ? items : undefined;
        },
        { message: 'two eval files in the tree' },
      );
      const byLabel = new Map(tree.map((item) => [item.label, item]));
      const trigger = byLabel.get('sql-review (trigger evals)');
      assert.ok(trigger, `labels: ${[...byLabel.keys()].join(', ')}`);
      assert.deepEqual(
        trigger.children.map((c) => [c.label, c.description]),
        [
          ['review this SQL query for slow joins', '→ sql-review'],
          ['check my SQL query for mistakes', '→ sql-review'],
          ['add a created_at column to the users table', 'not sql-review'],
        ],
      );
      const catalog = byLabel.get(CATALOG);
      assert.ok(catalog);
      assert.deepEqual(
        catalog.children.map((c) => c.description),
        ['→ weather', '→ db-migrate', 'no skill'],
      );
    },
  },
  {
    name: 'the tree follows the files: a new case, a new file, a deleted file; a typo gets a diagnostic at its name',
    timeoutMs: 40_000,
    fn: async () => {
      await writeWorkspaceFile(
        CATALOG,
        '[\n  {"query": "will it rain in Oslo tomorrow", "expected": ["weather"]},\n  {"query": "rename the email column in the accounts table", "expected": ["db-migrate"]},\n  {"query": "what is the capital of France", "expected": []},\n  {"query": "is it snowing in Bergen", "expected": ["weather"]}\n]\n',
      );
      await waitFor(async () => (await routingTree()).find((i) => i.label === CATALOG)?.children.length === 4, {
        message: 'the added case',
      });
      const typo = await writeWorkspaceFile(
        'evals/typo.routing.jsonl',
        '{"query": "check this SQL", "expected": ["sql-reveiw"]}\n',
      );
      await waitFor(async () => (await routingTree()).some((i) => i.label === 'evals/typo.routing.jsonl'), {
        message: 'the new file',
      });
      const diagnostic = await waitFor(
        () => vscode.languages.getDiagnostics(typo).find((d) => d.code === 'eval-unknown-skill'),
        { message: 'eval-unknown-skill on the typo' },
      );
      // "sql-reveiw" with its quotes: characters 41 to 53 of line 0
      assert.deepEqual(
        [diagnostic.range.start.line, diagnostic.range.start.character, diagnostic.range.end.character],
        [0, 41, 53],
      );
      assert.match(diagnostic.message, /Did you mean 'sql-review'\?/);
      await deleteWorkspaceFile('evals/typo.routing.jsonl');
      await waitFor(async () => !(await routingTree()).some((i) => i.label === 'evals/typo.routing.jsonl'), {
        message: 'the deleted file to go',
      });
      await waitFor(() => vscode.languages.getDiagnostics(typo).length === 0, { message: 'its diagnostics to go' });
    },
  },
  {
    name: "a rate-limited case is errored, not passed or failed, and the report leaves it out of its figures (the run read through the extension's test command)",
    timeoutMs: 60_000,
    fn: async () => {
      await routingReady();
      await setFakeScript({
        fallback: { route: [{ when: 'snowing', error: 'rate limited (429): try again in 200 ms' }, ...ROUTES.route] },
      });
      const run = await runAllRoutingTests(60_000);
      assert.deepEqual(run.errored, [caseId(CATALOG, 3)]);
      // each of its 3 runs was asked 5 times (4 retries after the wait the error asked for)
      assert.equal((await getFakeRequests()).filter((r) => r.text.includes('snowing')).length, 15);
      assert.ok(!run.passed.includes(caseId(CATALOG, 3)) && !run.failed.some((f) => f.id === caseId(CATALOG, 3)));
      const report = await routingReportText();
      assert.match(report, /6 cases × 3 runs/);
      assert.match(
        report,
        /\*\*3 requests failed\*\* and are left out of every figure; 1 case had no valid run and was not scored \(first: .*rate limited \(429\)/,
      );
    },
  },
  {
    name: 'a run with the scripted fake model passes and fails the right cases, and the report shows the confusion',
    timeoutMs: 60_000,
    fn: async () => {
      await routingReady();
      await setFakeScript({ fallback: ROUTES });
      const run = await runAllRoutingTests();
      assert.equal(run.cancelled, false);
      assert.deepEqual(
        run.failed.map((f) => f.id),
        [caseId(TRIGGER, 0)],
      );
      // k of N with its Wilson interval: 0 of 3 is [0, 3.8415 / 6.8415] = [0, 56.2 %]
      assert.match(
        run.failed[0].message,
        /Fake Model picked db-migrate 3 of 3 \(expected sql-review; right 0 of 3, 95 % CI 0–56\.2 %/,
      );
      // passed cases show their k of N too
      assert.match(run.rates[caseId(CATALOG, 0)], /Fake Model: right 3 of 3 \(95 % CI 43\.9–100 %\)/);
      assert.deepEqual(
        [...run.passed].sort(),
        [
          caseId(TRIGGER, 1),
          caseId(TRIGGER, 2),
          caseId(CATALOG, 0),
          caseId(CATALOG, 1),
          caseId(CATALOG, 2),
          caseId(CATALOG, 3),
        ].sort(),
      );
      // 7 cases x 3 runs, one request each; the cost was counted before the run, and after it
      assert.equal(run.estimate?.requests, 21);
      assert.ok((run.estimate?.input_tokens ?? 0) > 0);
      const requests = await getFakeRequests();
      assert.equal(requests.length, 21);
      assert.equal(run.usage?.requests, 21);
      assert.ok((run.usage?.input_tokens ?? 0) >= (run.estimate?.input_tokens ?? 0) * 0.5, JSON.stringify(run.usage));
      // with 3 runs and no temperature set, every request is sampled at 1
      assert.ok(
        requests.every((r) => r.modelOptions?.temperature === 1),
        JSON.stringify(requests.map((r) => r.modelOptions)),
      );
      const report = await routingReportText();
      assert.match(report, /### Routing with Fake Model/);
      assert.match(report, /`db-migrate` took 50 % of `sql-review`'s requests/);
      // 1 of 2 cases: [9.5 %, 90.6 %]
      assert.match(report, /\| `sql-review` \| 50 % \| 9\.5–90\.6 % \| 2 \|/);
      assert.match(report, /top-1 \*\*85\.7 %\*\* \(95 % CI 48\.7–97\.4 %\)/);
      assert.match(report, /abstention false positives 0 %/);
    },
  },
  {
    name: 'the measured confusion becomes description-overlap on both skills',
    timeoutMs: 30_000,
    fn: async () => {
      const sqlReview = workspaceUri('skills/sql-review/SKILL.md');
      const dbMigrate = workspaceUri('skills/db-migrate/SKILL.md');
      const onReview = await waitFor(
        () => vscode.languages.getDiagnostics(sqlReview).find((d) => d.code === 'description-overlap'),
        { message: 'description-overlap on sql-review' },
      );
      assert.match(onReview.message, /'db-migrate' took 50 % of this skill's requests in its routing evals/);
      assert.equal(onReview.range.start.line, 2); // the description's line
      const onMigrate = await waitFor(
        () => vscode.languages.getDiagnostics(dbMigrate).find((d) => d.code === 'description-overlap'),
        { message: 'description-overlap on db-migrate' },
      );
      assert.match(onMigrate.message, /this skill took 50 % of 'sql-review''s requests/);
      assert.equal(
        vscode.languages
          .getDiagnostics(workspaceUri('skills/weather/SKILL.md'))
          .filter((d) => d.code === 'description-overlap').length,
        0,
      );
    },
  },
  {
    name: '/eval answers in chat with the same summary',
    timeoutMs: 60_000,
    fn: async () => {
      await newChatSession();
      await setFakeScript({ fallback: ROUTES });
      await sendChat('@skills /eval sql-review');
      const answer = await waitFor(
        async () => {
          const text = await lastResponseMarkdown();
          return text.includes('Routing with Fake Model') ? text : undefined;
        },
        { message: 'the /eval summary in chat' },
      );
      assert.match(answer, /Routing 3 cases about `sql-review` with \*\*Fake Model\*\*/);
      assert.match(answer, /`db-migrate` took 50 % of `sql-review`'s requests/);
      assert.match(answer, /9 model requests sent/);
    },
  },
  {
    name: '/eval says when the model requests failed, instead of reporting them as misroutes',
    timeoutMs: 60_000,
    fn: async () => {
      await newChatSession();
      await setFakeScript({ fallback: { error: 'quota exceeded for fake-model' } });
      await sendChat('@skills /eval weather');
      const answer = await waitFor(
        async () => {
          const text = await lastResponseMarkdown();
          return text.includes('Routing with Fake Model') ? text : undefined;
        },
        { message: 'the /eval summary in chat' },
      );
      assert.match(answer, /\*\*\d+ runs failed\*\* and counted nowhere: .*quota exceeded for fake-model/);
      assert.match(answer, /\*\*\d+ requests failed\*\* and are left out of every figure/);
    },
  },
  {
    name: 'cancelling a run stops it: no more model requests, the rest is skipped',
    timeoutMs: 40_000,
    fn: async () => {
      await routingReady();
      await setFakeScript({ fallback: { hang: true } });
      const before = (await lastRoutingRun())?.sequence ?? 0;
      void vscode.commands.executeCommand('testing.runAll');
      // skillsmith.routing.concurrency (4): four cases are in flight at once
      await waitFor(async () => (await getFakeRequests()).length === 4, {
        message: 'the first four (hanging) requests',
      });
      await vscode.commands.executeCommand('testing.cancelRun');
      const run = await waitFor(
        async () => {
          const last = await lastRoutingRun();
          return last && last.sequence > before ? last : undefined;
        },
        { message: 'the cancelled run to end' },
      );
      assert.equal(run.cancelled, true);
      assert.equal(run.passed.length + run.failed.length, 0);
      const cases = (await routingTree()).reduce((n, item) => n + item.children.length, 0);
      assert.equal(run.skipped.length, cases);
      // VS Code relays the cancellation to the model provider's own token over IPC: it arrives
      // at the provider shortly after the run has ended here.
      const requests = await waitFor(
        async () => {
          const seen = await getFakeRequests();
          return seen.length === 4 && seen.every((r) => r.cancelled) ? seen : undefined;
        },
        { message: 'the four requests to be cancelled at the model provider' },
      );
      assert.equal(requests.length, 4);
    },
  },
  {
    name: 'the description loop keeps its split in the eval file, proposes nothing on too few unseen cases, and applies a gain confirmed on fresh runs (started with its command)',
    timeoutMs: 120_000,
    fn: async () => {
      await routingReady();
      const proposal =
        'Reviews SQL queries for mistakes, slow joins and missing indexes. Use when the user asks to check or speed up a query; not for schema changes.';
      // "slow joins" goes to db-migrate until sql-review's description says "speed up a query".
      await setFakeScript({
        fallback: {
          route: [
            { when: 'slow joins', unless: 'speed up a query', pick: 'db-migrate' },
            { when: 'slow joins', pick: 'sql-review' },
            { when: 'check my SQL', pick: 'sql-review' },
            { when: 'created_at', pick: 'db-migrate' },
          ],
          noTools: JSON.stringify(['Reviews SQL.', proposal]),
        },
      });
      // Four cases: one held-out positive. A gain on it cannot be significant.
      await writeWorkspaceFile(
        TRIGGER,
        JSON.stringify(
          [
            { query: 'check my SQL query for mistakes', should_trigger: true },
            { query: 'review this SQL query for slow joins', should_trigger: true },
            { query: 'add a created_at column to the users table', should_trigger: false },
            { query: 'why is this query with slow joins so slow', should_trigger: true },
          ],
          null,
          2,
        ),
      );
      await waitFor(
        async () => (await routingTree()).find((i) => i.label === 'sql-review (trigger evals)')?.children.length === 4,
        { message: 'the four cases' },
      );
      assert.equal(
        await vscode.commands.executeCommand<boolean>('skillsmith.improveDescription', {
          skill: 'sql-review',
          apply: true,
        }),
        false,
      );
      const kept = JSON.parse(fs.readFileSync(diskPath(TRIGGER), 'utf8')) as { split?: string }[];
      assert.deepEqual(kept.map((c) => c.split).sort(), ['test', 'train', 'train', 'train']);
      // no winner on the one held-out case, or a win that cannot be significant
      assert.match(await routingReportText(), /nothing is proposed/);

      // Seventeen positives and two negatives: 7 + 1 held out (the four cases keep their split), so
      // at least 6 held-out slow-join requests that only the proposal gets right: p = 0.031 or less.
      const slow = Array.from({ length: 14 }, (_, i) => ({
        query: `the report query ${i} has slow joins`,
        should_trigger: true,
      }));
      await writeWorkspaceFile(
        TRIGGER,
        JSON.stringify(
          [...kept, ...slow, { query: 'rename created_at to inserted_at', should_trigger: false }],
          null,
          2,
        ),
      );
      await waitFor(
        async () => (await routingTree()).find((i) => i.label === 'sql-review (trigger evals)')?.children.length === 19,
        { message: 'the nineteen cases' },
      );
      const applied = await vscode.commands.executeCommand<boolean>('skillsmith.improveDescription', {
        skill: 'sql-review',
        apply: true,
      });
      assert.equal(applied, true);
      const document = await vscode.workspace.openTextDocument(workspaceUri('skills/sql-review/SKILL.md'));
      assert.equal(document.lineAt(2).text, `description: ${proposal}`);
      const split = JSON.parse(fs.readFileSync(diskPath(TRIGGER), 'utf8')) as { query: string; split?: string }[];
      assert.deepEqual(
        split.slice(0, 4).map((c) => c.split),
        kept.map((c) => c.split),
      );
      const heldOut = split.filter((c) => c.split === 'test').map((c) => c.query);
      assert.equal(heldOut.length, 8);
      // No held-out request ever reached the model in a request for proposals.
      const asked = (await getFakeRequests()).filter((r) => r.tools.length === 0);
      assert.ok(asked.length >= 1);
      for (const request of asked)
        for (const query of heldOut) assert.ok(!request.text.includes(query), `held-out "${query}" was shown`);
      assert.match(await routingReportText(), /significantly better, and is proposed/);
      await document.save();
    },
  },
  {
    name: "a model rate-limited once is asked again after the wait, and the case passes (the run read through the extension's test command)",
    timeoutMs: 60_000,
    fn: async () => {
      await routingReady();
      await setFakeScript({
        fallback: {
          route: [
            {
              when: 'rain in Oslo',
              error: 'Sorry, you have been rate-limited. Please wait 1 seconds before trying again.',
              errorTimes: 1,
              pick: 'weather',
            },
            ...ROUTES.route,
          ],
        },
      });
      const run = await runAllRoutingTests(60_000);
      assert.ok(run.passed.includes(caseId(CATALOG, 0)), JSON.stringify(run));
      assert.deepEqual(run.errored, []);
      assert.equal((await getFakeRequests()).filter((r) => r.text.includes('rain in Oslo')).length, 4);
    },
  },
  {
    name: 'with no language model, a run says so in a notification whose button runs the cases offline (started with the testing.runAll command)',
    timeoutMs: 60_000,
    fn: async () => {
      await routingReady();
      const config = vscode.workspace.getConfiguration('skillsmith.routing');
      await config.update('models', ['no-such-model'], vscode.ConfigurationTarget.Workspace);
      await setFakeScript({ fallback: ROUTES });
      try {
        const before = (await lastRoutingRun())?.sequence ?? 0;
        await vscode.commands.executeCommand('notifications.clearAll');
        void vscode.commands.executeCommand('testing.runAll');
        const notice = '.notifications-center .notification-list-item:has-text("No language model is available")';
        const text = (await notificationTexts(notice, 20_000)).join('\n');
        assert.match(text, /Sign in to GitHub Copilot, or install another extension that provides chat models/);
        assert.equal((await getFakeRequests()).length, 0);
        await clickNotificationButton('Run with the Lexical Router', notice);
        const run = await waitFor(
          async () => {
            const last = await lastRoutingRun();
            return last && last.sequence > before ? last : undefined;
          },
          { message: 'the offline run' },
        );
        assert.deepEqual(
          run.summaries.map((s) => s.router),
          ['lexical'],
        );
        assert.ok(run.passed.length + run.failed.length > 0);
      } finally {
        await config.update('models', undefined, vscode.ConfigurationTarget.Workspace);
      }
    },
  },
];
