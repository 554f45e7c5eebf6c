// The fake model itself: a LanguageModelChatProvider (API finalized in VS Code
// 1.104) that answers from a script and records every request it gets.
'use strict';
const vscode = require('vscode');
const { flattenRequest, planResponse } = require('./script');

const MODEL_INFO = {
  id: 'fake-model',
  // The README's chat picture names the model as a user's picker would (scripts/host/screenshot.mjs).
  name: process.env.SKILLSMITH_FAKE_MODEL_NAME || 'Fake Model',
  family: 'fake',
  version: '1.0.0',
  tooltip: 'Deterministic scripted model for the Skillsmith host tests',
  maxInputTokens: 128000,
  maxOutputTokens: 8192,
  isUserSelectable: true,
  capabilities: { toolCalling: true, imageInput: false },
};

const DEFAULT_FALLBACK = { echo: true };

function toResponsePart(part, index) {
  if (typeof part.text === 'string') return new vscode.LanguageModelTextPart(part.text);
  if (part.toolCall) {
    const { name, input = {}, callId = `call-${index}` } = part.toolCall;
    return new vscode.LanguageModelToolCallPart(callId, name, input);
  }
  throw new Error(`fake model: bad response part ${JSON.stringify(part)}`);
}

function untilCancelled(token) {
  return new Promise((resolve) => {
    if (token.isCancellationRequested) return resolve();
    token.onCancellationRequested(() => resolve());
  });
}

/** Creates the provider with its script state; `api` is what activate() returns. */
function createFakeModel() {
  let queue = [];
  let fallback = DEFAULT_FALLBACK;
  let requests = [];
  let callCounter = 0;

  const setScript = (script = {}) => {
    queue = [...(script.responses ?? [])];
    fallback = script.fallback ?? DEFAULT_FALLBACK;
    requests = [];
  };

  const provider = {
    provideLanguageModelChatInformation() {
      return [MODEL_INFO];
    },

    async provideLanguageModelChatResponse(model, messages, options, progress, token) {
      const request = flattenRequest(model, messages, options);
      requests.push(request);
      token.onCancellationRequested(() => {
        request.cancelled = true;
      });
      let entry = queue.length > 0 ? queue.shift() : fallback;
      if (typeof entry === 'function') entry = await entry(request);
      const plan = planResponse(entry, request);
      if (plan.kind === 'hang') {
        await untilCancelled(token);
        throw new vscode.CancellationError();
      }
      if (plan.kind === 'error') throw new Error(plan.message);
      for (const part of plan.parts) {
        if (token.isCancellationRequested) throw new vscode.CancellationError();
        if (plan.delayMs) await new Promise((resolve) => setTimeout(resolve, plan.delayMs));
        progress.report(toResponsePart(part, ++callCounter));
      }
    },

    provideTokenCount(_model, text) {
      const value = typeof text === 'string' ? text : JSON.stringify(text);
      return Math.ceil(value.length / 4);
    },
  };

  const api = {
    modelId: MODEL_INFO.id,
    setScript,
    getRequests: () => requests,
    reset: () => setScript({}),
  };
  return { provider, api };
}

module.exports = { createFakeModel, MODEL_INFO };
