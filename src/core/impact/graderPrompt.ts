// The grader (docs/impact.md, "Expectations"): a model reads what one trial left, the agent's final
// answer and the files in the trial's folder, and judges each expectation with the evidence it
// quotes, as skill-creator's grader writes grading.json ({"expectations": [{text, passed,
// evidence}]}). It is never told which arm the trial ran in, and the skill's copy is gone from the
// folder before it looks. An answer that is not that JSON is a grader error, never a fail.
import type { ImpactEval } from './impactEvals';
import type { GradedExpectation, TrialError } from './impactTrial';

/** What the grader judges: the expectations, or the expected output when an eval gives nothing else. */
export function gradedStatements(evalCase: ImpactEval): string[] {
  if (evalCase.expectations.length > 0) return [...evalCase.expectations];
  if (evalCase.checks.length === 0 && evalCase.expectedOutput !== undefined)
    return [`The result is what was expected: ${evalCase.expectedOutput}`];
  return [];
}

/** The grader's prompt for one trial. */
export function graderPrompt(evalCase: ImpactEval, answer: string, files: readonly string[]): string {
  const statements = gradedStatements(evalCase);
  return [
    'You are grading one run of an AI agent on a task. Do not do the task yourself and do not change any file.',
    'The working folder holds the files the run left; read them where an expectation is about them.',
    '',
    '<skillsmith-grading>',
    '<task>',
    evalCase.prompt,
    '</task>',
    ...(evalCase.expectedOutput === undefined
      ? []
      : ['<expected_output>', evalCase.expectedOutput, '</expected_output>']),
    '<final_answer>',
    answer,
    '</final_answer>',
    '<files>',
    ...(files.length === 0 ? ['(none)'] : files),
    '</files>',
    '<expectations>',
    ...statements.map((s, i) => `${i + 1}. ${s}`),
    '</expectations>',
    '</skillsmith-grading>',
    '',
    'Judge each expectation on the evidence alone: it passes only when the answer or a file clearly shows it,',
    'and a claim the agent makes without the evidence to back it does not count. Quote the evidence you found,',
    'or say what is missing. Reply with one JSON object and nothing else:',
    '{"expectations": [{"text": "<the expectation>", "passed": true, "evidence": "<quoted evidence>"}]}',
    `with exactly ${statements.length} entr${statements.length === 1 ? 'y' : 'ies'}, in the order given.`,
  ].join('\n');
}

/** The grader's answer as graded expectations, or the error that it is not one. */
export function parseGrading(
  evalCase: ImpactEval,
  reply: string,
):
  | { readonly ok: true; readonly expectations: GradedExpectation[] }
  | { readonly ok: false; readonly error: TrialError } {
  const statements = gradedStatements(evalCase);
  const fail = (why: string) =>
    ({ ok: false, error: { kind: 'grader', message: `the grader's answer ${why}: ${reply.slice(0, 200)}` } }) as const;
  const object = firstJsonObject(reply);
  if (object === undefined) return fail('holds no JSON object');
  const list = (object as { expectations?: unknown }).expectations;
  if (!Array.isArray(list)) return fail('has no "expectations" list');
  if (list.length !== statements.length)
    return fail(`judges ${list.length} expectation(s), not the ${statements.length} asked`);
  const expectations: GradedExpectation[] = [];
  for (const [i, entry] of list.entries()) {
    const passed = (entry as { passed?: unknown } | null)?.passed;
    if (typeof passed !== 'boolean') return fail(`gives no true or false for expectation ${i + 1}`);
    const evidence = (entry as { evidence?: unknown }).evidence;
    expectations.push({ text: statements[i], passed, evidence: typeof evidence === 'string' ? evidence : '' });
  }
  return { ok: true, expectations };
}

/** The first balanced {...} in the text that parses as JSON (a reply may wrap it in a fence or words). */
function firstJsonObject(text: string): unknown {
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        try {
          const value: unknown = JSON.parse(text.slice(start, i + 1));
          if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
        } catch {
          /* not JSON: try the next brace */
        }
        break;
      }
    }
  }
  return undefined;
}
