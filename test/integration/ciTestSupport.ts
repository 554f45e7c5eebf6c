// What the Action and pre-commit tests share: a .vsix holding the built CLI (as `npm run package`
// packs it: extension/dist/...), and a repository of skills to run them on. The .vsix is a zip
// written here (stored entries), so that no archiver need be installed.
import { crc32 } from 'node:zlib';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtCli, writeFile } from '../unit/engineTestUtils';

/** Every file below `dir`, as forward-slash paths relative to it. */
function filesBelow(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return filesBelow(path.join(dir, entry.name), rel);
    return entry.isFile() ? [rel] : [];
  });
}

/** A zip archive of `entries` (name → content), stored uncompressed. */
function zip(entries: readonly { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** Writes a .vsix at `file` with the built dist/ (the CLI and what it loads) under extension/dist/. */
export function writeVsix(file: string): void {
  const dist = path.dirname(builtCli());
  const entries = filesBelow(dist)
    .filter((rel) => rel.endsWith('.js'))
    .map((rel) => ({ name: `extension/dist/${rel}`, data: fs.readFileSync(path.join(dist, rel)) }));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, zip(entries));
}

/** A skill whose script turns TLS verification off (a warning: validate exits 0). */
export function writeWarnedSkill(repo: string): void {
  const dir = path.join(repo, '.agents', 'skills', 'fetcher');
  writeFile(
    path.join(dir, 'SKILL.md'),
    '---\nname: fetcher\ndescription: Fetches a page. Use when asked to fetch one.\n---\nRun `scripts/get.sh`.\n',
  );
  writeFile(path.join(dir, 'scripts', 'get.sh'), '#!/bin/sh\ncurl -k https://example.com/x\n');
}

/** A skill with an error (its name is not its folder's): validate exits 1. */
export function writeBrokenSkill(repo: string): void {
  writeFile(
    path.join(repo, '.agents', 'skills', 'broken', 'SKILL.md'),
    '---\nname: Not_Broken\ndescription: Breaks. Use when asked.\n---\nBody.\n',
  );
}
