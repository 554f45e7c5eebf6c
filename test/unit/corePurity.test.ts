// The core must stay free of `vscode` (docs/architecture.md): it runs under node --test and the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from './engineTestUtils';

const VSCODE_IMPORT = [
  /from\s+['"]vscode['"]/,
  /require\s*\(\s*['"]vscode['"]\s*\)/,
  /import\s*\(\s*['"]vscode['"]\s*\)/,
  /import\s+\*\s+as\s+vscode\b/,
  /import\s+['"]vscode['"]/,
];

function tsFilesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...tsFilesUnder(full));
    else if (entry.name.endsWith('.ts')) found.push(full);
  }
  return found;
}

test('no file under src/core imports vscode', () => {
  const coreDir = path.join(findRepoRoot(), 'src', 'core');
  const files = tsFilesUnder(coreDir);
  assert.ok(files.length >= 10, `expected the core's sources under ${coreDir}, found ${files.length}`);
  const offenders: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    text.split('\n').forEach((line, index) => {
      if (VSCODE_IMPORT.some((pattern) => pattern.test(line)))
        offenders.push(`${path.relative(coreDir, file)}:${index + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(offenders, [], `src/core must not import vscode:\n${offenders.join('\n')}`);
});

test('the purity check recognises each form of import', () => {
  const samples = [
    "import * as vscode from 'vscode';",
    'import { window } from "vscode";',
    "const vscode = require('vscode');",
    "const v = await import('vscode');",
    "import type { Uri } from 'vscode';",
  ];
  for (const sample of samples)
    assert.ok(
      VSCODE_IMPORT.some((p) => p.test(sample)),
      sample,
    );
  assert.ok(!VSCODE_IMPORT.some((p) => p.test('// The subset of `vscode.CancellationToken` the loop needs')));
});
