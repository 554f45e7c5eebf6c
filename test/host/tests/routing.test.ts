// Routing evals in the real VS Code (docs/routing.md): the Test Explorer tree of eval files
// and its updates, a run with the scripted fake model (pass, fail with what was picked, the
// confusion in the report and in the lint), `/eval` in chat, and cancellation.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { HostTest, deleteWorkspaceFile, getExtensionApi, getFakeRequests, setFakeScript, waitFor, workspaceUri, writeWorkspaceFile } from '../helpers';
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
      const tree = await waitFor(async () => {
        const items = await routingTree();
        return items.length === 2 ? items : undefined;
      }, { message: 'two eval files in the tree' });
      const byLabel = new Map(tree.map((item) => [item.label, item]));
      const trigger = byLabel.get('sql-review (trigger evals)');
      assert.ok(trigger, `labels: ${[...byLabel.keys()].join(', ')}`);
      assert.deepEqual(trigger.children.map((c) => [c.label, c.description]), [
        ['review this SQL query for slow joins', '→ sql-review'],
        ['check my SQL query for mistakes', '→ sql-review'],
        ['add a created_at column to the users table', 'not sql-review'],
      ]);
      const catalog = byLabel.get(CATALOG);
      assert.ok(catalog);
      assert.deepEqual(catalog.children.map((c) => c.description), ['→ weather', '→ db-migrate', 'no skill']);
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
      await waitFor(async () => (await routingTree()).find((i) => i.label === CATALOG)?.children.length === 4, { message: 'the added case' });
      const typo = await writeWorkspaceFile('evals/typo.routing.jsonl', '{"query": "check this SQL", "expected": ["sql-reveiw"]}\n');
      await waitFor(async () => (await routingTree()).some((i) => i.label === 'evals/typo.routing.jsonl'), { message: 'the new file' });
      const diagnostic = await waitFor(
        () => vscode.languages.getDiagnostics(typo).find((d) => d.code === 'eval-unknown-skill'),
        { message: 'eval-unknown-skill on the typo' },
      );
      // "sql-reveiw" with its quotes: characters 41 to 53 of line 0
      assert.deepEqual([diagnostic.range.start.line, diagnostic.range.start.character, diagnostic.range.end.character], [0, 41, 53]);
      assert.match(diagnostic.message, /Did you mean 'sql-review'\?/);
      await deleteWorkspaceFile('evals/typo.routing.jsonl');
      await waitFor(async () => !(await routingTree()).some((i) => i.label === 'evals/typo.routing.jsonl'), { message: 'the deleted file to go' });
      await waitFor(() => vscode.languages.getDiagnostics(typo).length === 0, { message: 'its diagnostics to go' });
    },
  },
  {
    name: 'a rate-limited case is errored, not passed or failed, and the report leaves it out of its figures (the run read through the extension\'s test command)',
    timeoutMs: 60_000,
    fn: async () => {
      await routingReady();
      await setFakeScript({ fallback: { route: [{ when: 'snowing', error: 'rate limited (429): try again in 20 s' }, ...ROUTES.route] } });
      const run = await runAllRoutingTests();
      assert.deepEqual(run.errored, [caseId(CATALOG, 3)]);
      assert.ok(!run.passed.includes(caseId(CATALOG, 3)) && !run.failed.some((f) => f.id === caseId(CATALOG, 3)));
      const report = await routingReportText();
      assert.match(report, /6 cases × 3 runs/);
      assert.match(report, /\*\*3 requests failed\*\* and are left out of every figure; 1 case had no valid run and was not scored \(first: .*rate limited \(429\)/);
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
      assert.deepEqual(run.failed.map((f) => f.id), [caseId(TRIGGER, 0)]);
      assert.match(run.failed[0].message, /Fake Model picked db-migrate 3 of 3 \(expected sql-review; right 0 of 3/);
      assert.deepEqual(
        [...run.passed].sort(),
        [caseId(TRIGGER, 1), caseId(TRIGGER, 2), caseId(CATALOG, 0), caseId(CATALOG, 1), caseId(CATALOG, 2), caseId(CATALOG, 3)].sort(),
      );
      // 7 cases x 3 runs, one request each; the cost was counted before the run
      assert.equal(run.estimate?.requests, 21);
      assert.ok((run.estimate?.tokens ?? 0) > 0);
      assert.equal((await getFakeRequests()).length, 21);
      const report = await routingReportText();
      assert.match(report, /### Routing with Fake Model/);
      assert.match(report, /`db-migrate` took 50 % of `sql-review`'s requests/);
      assert.match(report, /\| `sql-review` \| 50 % \| 2 \|/);
      assert.match(report, /abstention false positives 0 %/);
    },
  },
  {
    name: 'the measured confusion becomes description-overlap on both skills',
    timeoutMs: 30_000,
    fn: async () => {
      const sqlReview = workspaceUri('skills/sql-review/SKILL.md');
      const dbMigrate = workspaceUri('skills/db-migrate/SKILL.md');
      const onReview = await waitFor(() => vscode.languages.getDiagnostics(sqlReview).find((d) => d.code === 'description-overlap'), { message: 'description-overlap on sql-review' });
      assert.match(onReview.message, /'db-migrate' took 50 % of this skill's requests in its routing evals/);
      assert.equal(onReview.range.start.line, 2); // the description's line
      const onMigrate = await waitFor(() => vscode.languages.getDiagnostics(dbMigrate).find((d) => d.code === 'description-overlap'), { message: 'description-overlap on db-migrate' });
      assert.match(onMigrate.message, /this skill took 50 % of 'sql-review''s requests/);
      assert.equal(vscode.languages.getDiagnostics(workspaceUri('skills/weather/SKILL.md')).filter((d) => d.code === 'description-overlap').length, 0);
    },
  },
  {
    name: '/eval answers in chat with the same summary',
    timeoutMs: 60_000,
    fn: async () => {
      await newChatSession();
      await setFakeScript({ fallback: ROUTES });
      await sendChat('@skills /eval sql-review');
      const answer = await waitFor(async () => {
        const text = await lastResponseMarkdown();
        return text.includes('Routing with Fake Model') ? text : undefined;
      }, { message: 'the /eval summary in chat' });
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
      const answer = await waitFor(async () => {
        const text = await lastResponseMarkdown();
        return text.includes('Routing with Fake Model') ? text : undefined;
      }, { message: 'the /eval summary in chat' });
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
      await waitFor(async () => (await getFakeRequests()).length === 1, { message: 'the first (hanging) request' });
      await vscode.commands.executeCommand('testing.cancelRun');
      const run = await waitFor(async () => {
        const last = await lastRoutingRun();
        return last && last.sequence > before ? last : undefined;
      }, { message: 'the cancelled run to end' });
      assert.equal(run.cancelled, true);
      assert.equal(run.passed.length + run.failed.length, 0);
      const cases = (await routingTree()).reduce((n, item) => n + item.children.length, 0);
      assert.equal(run.skipped.length, cases);
      // VS Code relays the cancellation to the model provider's own token over IPC: it arrives
      // at the provider shortly after the run has ended here.
      const requests = await waitFor(async () => {
        const seen = await getFakeRequests();
        return seen.length === 1 && seen[0].cancelled ? seen : undefined;
      }, { message: 'the one request to be cancelled at the model provider' });
      assert.equal(requests.length, 1);
    },
  },
  {
    name: 'the description loop proposes the description that wins on held-out cases, and applies it',
    timeoutMs: 60_000,
    fn: async () => {
      await routingReady();
      // Held out: the 2nd and 4th cases, both about slow queries, which go to db-migrate
      // until sql-review's description says "slow joins".
      await writeWorkspaceFile(
        TRIGGER,
        JSON.stringify([
          { query: 'check my SQL query for mistakes', should_trigger: true },
          { query: 'review this SQL query for slow joins', should_trigger: true },
          { query: 'add a created_at column to the users table', should_trigger: false },
          { query: 'why is this query with slow joins so slow', should_trigger: true },
        ]),
      );
      await waitFor(async () => (await routingTree()).find((i) => i.label === 'sql-review (trigger evals)')?.children.length === 4, { message: 'the new cases' });
      const proposal = 'Reviews SQL queries for mistakes, slow joins and missing indexes. Use when the user asks to check or speed up a query; not for schema changes.';
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
      const applied = await vscode.commands.executeCommand<boolean>('skillsmith.improveDescription', { skill: 'sql-review', apply: true });
      assert.equal(applied, true);
      const document = await vscode.workspace.openTextDocument(workspaceUri('skills/sql-review/SKILL.md'));
      assert.equal(document.lineAt(2).text, `description: ${proposal}`);
      // The proposals were asked for once, and the held-out cases were not shown to the model.
      const asked = (await getFakeRequests()).filter((r) => r.tools.length === 0);
      assert.equal(asked.length, 1);
      assert.doesNotMatch(asked[0].text, /why is this query/);
      await document.save();
    },
  },
];
