// Generates a synthetic workspace of realistic skills for the benchmark: descriptions of
// 100–400 characters, bodies of 40–300 lines, some skills with references/ and scripts/.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { seededRandom } from '../test/seededRandom';

const WORDS = (
  'review code changes tests release notes migration database schema api endpoint latency ' +
  'security audit dependency upgrade incident report summary meeting action items owner deadline ' +
  'refactor module interface contract error handling logging metrics dashboard alert query index'
).split(' ');

function words(random: () => number, count: number): string {
  return Array.from({ length: count }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
}

function sentenceOfLength(random: () => number, min: number, max: number): string {
  const target = min + Math.floor(random() * (max - min));
  let text = 'Helps with ' + words(random, 4) + '. Use when the user asks to ';
  while (text.length < target) text += words(random, 3) + ' ';
  return text.slice(0, target).trim() + '.';
}

export const BODY_MARKER = 'BENCH-BODY-MARKER';

/** The text of one SKILL.md with a body of `lines` lines. */
export function skillText(name: string, description: string, lines: number, random: () => number): string {
  const body: string[] = [`# ${name}`, '', `${BODY_MARKER}: follow these steps.`, ''];
  while (body.length < lines) {
    const roll = random();
    if (roll < 0.1) body.push('', `## ${words(random, 3)}`, '');
    else if (roll < 0.5) body.push(`- ${words(random, 8)}`);
    else body.push(words(random, 14));
  }
  body.push('', '$ARGUMENTS');
  return `---\nname: ${name}\ndescription: ${description}\n---\n${body.join('\n')}\n`;
}

export interface GeneratedWorkspace {
  readonly root: string;
  readonly skillFiles: string[];
}

/** Writes `count` skills under `<root>/skills`, or dealt in turn to `folders` (relative to root). */
export function generateWorkspace(
  root: string,
  count: number,
  seed = 42,
  folders: readonly string[] = ['skills'],
): GeneratedWorkspace {
  const random = seededRandom(seed);
  for (const folder of folders) fs.mkdirSync(path.join(root, folder), { recursive: true });
  const skillFiles: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `skill-${String(i).padStart(5, '0')}-${WORDS[i % WORDS.length]}`;
    const dir = path.join(root, folders[i % folders.length], name);
    fs.mkdirSync(dir);
    const lines = 40 + Math.floor(random() * 260);
    const file = path.join(dir, 'SKILL.md');
    fs.writeFileSync(file, skillText(name, sentenceOfLength(random, 100, 400), lines, random));
    skillFiles.push(file);
    if (random() < 0.3) {
      fs.mkdirSync(path.join(dir, 'references'));
      fs.writeFileSync(path.join(dir, 'references', 'guide.md'), `# Guide\n\n${words(random, 200)}\n`);
    }
    if (random() < 0.2) {
      fs.mkdirSync(path.join(dir, 'scripts'));
      fs.writeFileSync(path.join(dir, 'scripts', 'check.sh'), '#!/bin/sh\necho ok\n');
    }
  }
  return { root, skillFiles };
}
