// Setting keys live in one place: src/vscode/settings.ts names every setting package.json
// contributes, and no other source file spells one out or reads the configuration itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from './engineTestUtils';

const root = findRepoRoot();
// settings.ts imports vscode, so its SETTINGS table is read as text here.
const settingsText = fs.readFileSync(path.join(root, 'src', 'vscode', 'settings.ts'), 'utf8');
const table = /export const SETTINGS = \{([\s\S]*?)\} as const;/.exec(settingsText)?.[1] ?? '';
const SETTING_KEYS = [...table.matchAll(/:\s*'([\w.]+)'/g)].map((m) => m[1]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

test('SETTINGS names exactly the contributed settings (and VS Code’s chat.useAgentSkills)', { timeout: 30_000 }, () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[] };
  };
  const sections = [manifest.contributes.configuration].flat();
  const contributed = sections.flatMap((section) => Object.keys(section.properties)).sort();
  assert.ok(SETTING_KEYS.length > 10, 'the SETTINGS table is found');
  const named = SETTING_KEYS.filter((key) => key.startsWith('skillsmith.')).sort();
  assert.deepEqual(named, contributed);
});

test('no file of src/ but settings.ts spells a setting key or reads the configuration', { timeout: 30_000 }, () => {
  const keys = SETTING_KEYS;
  const offenders: string[] = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    if (file.endsWith(path.join('vscode', 'settings.ts'))) continue;
    const text = fs.readFileSync(file, 'utf8');
    const rel = path.relative(root, file);
    if (/getConfiguration\s*\(/.test(text)) offenders.push(`${rel}: getConfiguration(`);
    for (const key of keys) if (text.includes(`'${key}'`)) offenders.push(`${rel}: '${key}'`);
  }
  assert.deepEqual(offenders, []);
});
