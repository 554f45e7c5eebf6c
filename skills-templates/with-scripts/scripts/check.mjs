#!/usr/bin/env node
// Sample helper for a skill: reports mechanical problems in text files as JSON.
// Usage: node check.mjs [--max-line N] FILE...
// Exit codes: 0 nothing found, 1 problems found, 2 bad usage or unreadable file.
// Replace the checks below with whatever your skill needs; keep the output
// machine-readable so the model can quote it without guessing.

import { readFileSync } from 'node:fs';

function parseArgs(argv) {
  const files = [];
  let maxLine = 100;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--max-line') {
      maxLine = Number(argv[++i]);
      if (!Number.isInteger(maxLine) || maxLine < 1) {
        throw new Error('--max-line needs a positive whole number');
      }
    } else if (arg === '--help' || arg === '-h') {
      return { help: true, files, maxLine };
    } else {
      files.push(arg);
    }
  }
  return { help: false, files, maxLine };
}

function checkText(text, maxLine) {
  const problems = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const lineNo = index + 1;
    if (/[ \t]+$/.test(line)) {
      problems.push({ line: lineNo, rule: 'trailing-space', message: 'trailing white space' });
    }
    const length = [...line].length;
    if (length > maxLine) {
      problems.push({ line: lineNo, rule: 'line-length', message: `line has ${length} characters (limit ${maxLine})` });
    }
    if (/^(<{7}|={7}|>{7})( |$)/.test(line)) {
      problems.push({ line: lineNo, rule: 'conflict-marker', message: 'leftover merge-conflict marker' });
    }
    const note = /\b(TODO|FIXME|XXX)\b/.exec(line);
    if (note) {
      problems.push({ line: lineNo, rule: 'todo', message: `${note[1]} note left in the text` });
    }
  });
  if (text.length > 0 && !text.endsWith('\n')) {
    problems.push({ line: lines.length, rule: 'final-newline', message: 'file does not end with a newline' });
  }
  return problems;
}

function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(err.message);
    return 2;
  }
  const usage = 'Usage: node check.mjs [--max-line N] FILE...';
  if (options.help) {
    console.log(usage);
    return 0;
  }
  if (options.files.length === 0) {
    console.error(usage);
    return 2;
  }

  const report = { files: [], problemCount: 0 };
  let unreadable = false;
  for (const file of options.files) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      report.files.push({ path: file, error: err.code ?? String(err) });
      unreadable = true;
      continue;
    }
    const problems = checkText(text, options.maxLine);
    report.problemCount += problems.length;
    report.files.push({ path: file, problems });
  }

  console.log(JSON.stringify(report, null, 2));
  if (unreadable) return 2;
  return report.problemCount > 0 ? 1 : 0;
}

process.exitCode = main();
