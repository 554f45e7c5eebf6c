#!/usr/bin/env node
// The file-stats skill's actions. Skillsmith writes one JSON request to stdin:
//   {"action": "stat-directory", "input": {...}, "context": {"skillDir": "...", "workspace": "..."}}
// The input has already been checked against the schema in actions.json, with its defaults
// filled in. The script prints one JSON result on stdout and exits with 0, or prints
// {"error": {"type", "message", "suggestion"}} and exits with 1, which Skillsmith passes on.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';

const SKIPPED = new Set(['.git', 'node_modules']);
const MAX_FILES = 50_000;

function fail(type, message, suggestion) {
  process.stdout.write(JSON.stringify({ error: { type, message, suggestion } }));
  process.exit(1);
}

/** The folder the input names, which must lie inside the workspace. */
function folderOf(input, context) {
  const base = context.workspace || context.skillDir;
  const folder = resolve(base, input.directory);
  const inside = relative(base, folder);
  if (inside.startsWith('..') || isAbsolute(inside)) {
    fail('invalid_input', `'${input.directory}' is outside the workspace.`, "Give a folder relative to the workspace, such as '.' or 'src'.");
  }
  let stat;
  try {
    stat = lstatSync(folder);
  } catch {
    fail('invalid_input', `No folder '${input.directory}' in the workspace.`, 'Check the spelling, or use "." for the whole workspace.');
  }
  if (!stat.isDirectory()) fail('invalid_input', `'${input.directory}' is a file, not a folder.`, 'Give the folder that holds it.');
  return { folder, base };
}

/** Every file below `folder` with its size (symlinks are not followed). */
function listFiles(folder, recursive) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (files.length >= MAX_FILES) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory() && recursive && !SKIPPED.has(entry.name)) walk(path);
      else if (entry.isFile()) files.push({ path, size: lstatSync(path).size });
    }
  };
  walk(folder);
  return files;
}

const bySize = (a, b) => b.size - a.size || (a.path < b.path ? -1 : 1);

function statDirectory(input, context) {
  const { folder, base } = folderOf(input, context);
  const files = listFiles(folder, input.recursive);
  const types = new Map();
  for (const file of files) {
    const type = extname(file.path).toLowerCase() || '(none)';
    types.set(type, (types.get(type) ?? 0) + 1);
  }
  return {
    directory: relative(base, folder) || '.',
    fileCount: files.length,
    totalBytes: files.reduce((sum, f) => sum + f.size, 0),
    types: [...types].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, input.top).map(([type, count]) => ({ type, count })),
    largest: files.sort(bySize).slice(0, input.top).map((f) => ({ path: relative(base, f.path), bytes: f.size })),
    capped: files.length >= MAX_FILES,
  };
}

function findLargestFiles(input, context) {
  const { folder, base } = folderOf(input, context);
  const wanted = input.extension?.toLowerCase();
  const files = listFiles(folder, true).filter((f) => !wanted || extname(f.path).toLowerCase() === wanted);
  return { directory: relative(base, folder) || '.', files: files.sort(bySize).slice(0, input.count).map((f) => ({ path: relative(base, f.path), bytes: f.size })) };
}

const request = JSON.parse(readFileSync(0, 'utf8'));
const actions = { 'stat-directory': statDirectory, 'find-largest-files': findLargestFiles };
const run = actions[request.action];
if (!run) fail('not_found', `This script has no action '${request.action}'.`, `Use one of: ${Object.keys(actions).join(', ')}.`);
process.stdout.write(JSON.stringify(run(request.input, request.context)));
