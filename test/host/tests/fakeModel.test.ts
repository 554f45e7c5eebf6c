// The test-only fake model is selectable and answers as scripted; later suites
// (the participant, the tool loop) depend on it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import {
  HostTest,
  collectResponse,
  getFakeRequests,
  resetFakeModel,
  selectFakeModel,
  setFakeScript,
  waitFor,
} from '../helpers';

const user = (text: string) => vscode.LanguageModelChatMessage.User(text);

export const tests: HostTest[] = [
  {
    name: 'the fake model is selectable by vendor',
    fn: async () => {
      const model = await selectFakeModel();
      assert.strictEqual(model.vendor, 'test-vendor');
      assert.strictEqual(model.id, 'fake-model');
    },
  },
  {
    name: 'it answers a scripted text and records the request',
    fn: async () => {
      await setFakeScript({ responses: [[{ text: 'Hello ' }, { text: 'from the script' }]] });
      const model = await selectFakeModel();
      const { text } = await collectResponse(model, [user('say hello')]);
      assert.strictEqual(text, 'Hello from the script');
      const [request] = await getFakeRequests();
      assert.match(request.text, /user: say hello/);
    },
  },
  {
    name: 'it emits scripted tool calls and quotes tool results back',
    fn: async () => {
      await setFakeScript({
        responses: [[{ toolCall: { name: 'skillsmith_load', input: { name: 'code-review' }, callId: 'c1' } }]],
        fallback: { quoteToolResult: true, prefix: 'The tool said: ' },
      });
      const model = await selectFakeModel();
      const tools = [{ name: 'skillsmith_load', description: 'Loads a skill', inputSchema: { type: 'object' } }];
      const first = await collectResponse(model, [user('review this')], { tools });
      assert.deepStrictEqual(
        first.toolCalls.map((c) => [c.name, c.callId, c.input]),
        [['skillsmith_load', 'c1', { name: 'code-review' }]],
      );

      const second = await collectResponse(
        model,
        [
          user('review this'),
          vscode.LanguageModelChatMessage.Assistant([first.toolCalls[0]]),
          vscode.LanguageModelChatMessage.User([
            new vscode.LanguageModelToolResultPart('c1', [new vscode.LanguageModelTextPart('SKILL BODY')]),
          ]),
        ],
        { tools },
      );
      assert.strictEqual(second.text, 'The tool said: SKILL BODY');
      const requests = await getFakeRequests();
      assert.deepStrictEqual(
        requests[0].tools.map((t) => t.name),
        ['skillsmith_load'],
      );
      assert.deepStrictEqual(requests[1].messages[2].toolResults, [{ callId: 'c1', text: 'SKILL BODY' }]);
    },
  },
  {
    name: 'a hanging answer ends when the request is cancelled',
    fn: async () => {
      await setFakeScript({ responses: [{ hang: true }] });
      const model = await selectFakeModel();
      const source = new vscode.CancellationTokenSource();
      const pending = collectResponse(model, [user('wait forever')], {}, source.token);
      await waitFor(async () => (await getFakeRequests()).length === 1, { message: 'the request to reach the model' });
      source.cancel();
      await assert.rejects(pending);
      await waitFor(async () => (await getFakeRequests())[0].cancelled, {
        message: 'the model to see the cancellation',
      });
      await resetFakeModel();
    },
  },
];
