#!/usr/bin/env node
// A skill action: reports mechanical problems in text files as JSON.
// Skillsmith writes one request to stdin, already checked against actions.json's input schema:
//   {"action": "check-files", "input": {"files": [...], "maxLine": 100}, "context": {"workspace": "...", "skillDir": "..."}}
// It prints one JSON result and exits with 0; on a problem with the input it prints
// {"error": {"type", "message", "suggestion"}} and exits with 1, which Skillsmith passes on.
// Replace the checks below with whatever your skill needs; keep the output machine-readable.
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

function fail(type, message, suggestion) {
  process.stdout.write(JSON.stringify({ error: { type, message, suggestion } }));
  process.exit(1);
}

function checkText(text, maxLine) {
  const problems = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const lineNo = index + 1;
    if (/[ \t]+$/.test(line)) problems.push({ line: lineNo, rule: 'trailing-space', message: 'trailing white space' });
    const length = [...line].length;
    if (length > maxLine) problems.push({ line: lineNo, rule: 'line-length', message: `line has ${length} characters (limit ${maxLine})` });
    if (/^(<{7}|={7}|>{7})( |$)/.test(line)) problems.push({ line: lineNo, rule: 'conflict-marker', message: 'leftover merge-conflict marker' });
    const note = /\b(TODO|FIXME|XXX)\b/.exec(line);
    if (note) problems.push({ line: lineNo, rule: 'todo', message: `${note[1]} note left in the text` });
  });
  if (text.length > 0 && !text.endsWith('\n')) problems.push({ line: lines.length, rule: 'final-newline', message: 'file does not end with a newline' });
  return problems;
}

if (process.stdin.isTTY) {
  console.error('This script is a Skillsmith action: run it with `skillsmith run <skill> --input \'{"files": ["README.md"]}\'`.');
  process.exit(2);
}
const { input, context } = JSON.parse(readFileSync(0, 'utf8'));
const base = context.workspace || context.skillDir;
const report = { files: [], problemCount: 0 };
for (const file of input.files) {
  const path = resolve(base, file);
  const inside = relative(base, path);
  if (inside.startsWith('..') || isAbsolute(inside)) fail('invalid_input', `'${file}' is outside the workspace.`, 'Give paths relative to the workspace.');
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    fail('invalid_input', `'${file}' cannot be read (${err.code ?? err.message}).`, 'Check the path; it is relative to the workspace.');
  }
  const problems = checkText(text, input.maxLine);
  report.problemCount += problems.length;
  report.files.push({ path: file, problems });
}
process.stdout.write(JSON.stringify(report));
