// The Skills extension (SEP-2640; docs/mcp.md, "SEP-2640, MUST by MUST"): skills/list, in pages,
// and skills/get, each skill with its frontmatter verbatim and every file with its sha256
// digest and size.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { compareCodePoints } from '../core/base/text';
import type { SkillCatalog } from '../core/catalog/catalog';
import type { CatalogEntry } from '../core/catalog/catalogEntry';
import { sha256Digest } from '../node/sha256';
import type { Handle } from './requestHandler';
import { MAX_SKILL_BYTES, MAX_SKILL_FILES, parseSkillUri, skillUri, type SkillFiles } from './skillFiles';

/** The Skills extension's identifier (SEP-2640). */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The most entries one skills/list page holds (SEP-2640, "Listing Skills": paginated). */
export const SKILLS_PAGE_SIZE = 50;

/** How long a client may keep a skills/list or skills/get answer (a hint; digests decide). */
const SKILLS_TTL_MS = 60_000;

/** An opaque skills/list cursor: the name of the last skill of the page before. */
function encodeCursor(after: string): string {
  return Buffer.from(JSON.stringify({ after }), 'utf8').toString('base64url');
}

/** The name a cursor continues after; undefined when the cursor is not one this server gave. */
function decodeCursor(cursor: string): string | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = (value as { after?: unknown } | null)?.after;
    return typeof after === 'string' && encodeCursor(after) === cursor ? after : undefined;
  } catch {
    return undefined;
  }
}

const SkillsListRequestSchema = z.object({
  method: z.literal('skills/list'),
  params: z.object({ cursor: z.string().optional() }).passthrough().optional(),
});
const SkillsGetRequestSchema = z.object({
  method: z.literal('skills/get'),
  params: z.object({ uri: z.string() }).passthrough(),
});

/** Answers skills/list and skills/get. */
export function registerSkillsExtension(handle: Handle, catalog: SkillCatalog, files: SkillFiles): void {
  const { filesOf, offeredSkill, servedBytes } = files;

  /**
   * A skill's SEP-2640 entry: its frontmatter verbatim, and every file with its digest and size;
   * undefined when the skill cannot be served as one: a frontmatter whose `name` is not the
   * skill's name (the URI's last segment) or whose `description` is not text (the Agent Skills
   * spec wants both as strings, and nothing is overridden), or beyond the limits.
   */
  const skillEntry = async (entry: CatalogEntry) => {
    const name = entry.record.name;
    const files = await filesOf(entry.record.dir);
    if (files.length > MAX_SKILL_FILES) return undefined;
    const resources: { uri: string; digest: string; size: number }[] = [];
    let frontmatter: Record<string, unknown> | undefined;
    let total = 0;
    for (const path of files) {
      const bytes = await servedBytes(entry, path);
      if (bytes === 'too_large') return undefined;
      if (!bytes) {
        if (path === 'SKILL.md') return undefined;
        continue;
      }
      total += bytes.length;
      if (total > MAX_SKILL_BYTES) return undefined;
      // The frontmatter of the very bytes whose digest is given.
      if (path === 'SKILL.md') frontmatter = await frontmatterIn(bytes);
      resources.push({ uri: skillUri(name, path), digest: sha256Digest(bytes), size: bytes.length });
    }
    if (
      !frontmatter ||
      frontmatter.name !== name ||
      typeof frontmatter.description !== 'string' ||
      frontmatter.description.trim() === ''
    )
      return undefined;
    return { uri: skillUri(name, 'SKILL.md'), frontmatter, resources };
  };

  /** A SKILL.md's frontmatter as written, parsed to JSON; undefined when it cannot be read. */
  const frontmatterIn = async (bytes: Uint8Array): Promise<Record<string, unknown> | undefined> => {
    const { analyzeSkillText } = await import('../core/lint/analyze');
    const analysis = analyzeSkillText(new TextDecoder().decode(bytes), { folderName: '', scope: 'catalog' });
    return analysis.frontmatter ? { ...analysis.frontmatter } : undefined;
  };

  handle(SkillsListRequestSchema, async (request) => {
    // One page after the cursor's skill, in the catalog's order by name; an entry is whole.
    const cursor = request.params?.cursor;
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (cursor !== undefined && after === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Invalid cursor: ${JSON.stringify(cursor)} is not one this server gave.`,
      );
    const offered = catalog.offered();
    let i = after === undefined ? 0 : offered.findIndex((e) => compareCodePoints(e.record.name, after) > 0);
    if (i < 0) i = offered.length;
    const skills = [];
    for (; i < offered.length && skills.length < SKILLS_PAGE_SIZE; i++) {
      const skill = await skillEntry(offered[i]);
      if (skill) skills.push(skill);
    }
    const nextCursor = i < offered.length ? encodeCursor(offered[i - 1].record.name) : undefined;
    return {
      resultType: 'complete',
      skills,
      ...(nextCursor === undefined ? {} : { nextCursor }),
      ttlMs: SKILLS_TTL_MS,
      cacheScope: 'private',
    };
  });

  handle(SkillsGetRequestSchema, async (request) => {
    const uri = request.params.uri;
    const parsed = parseSkillUri(uri);
    const entry =
      parsed && parsed.path === 'SKILL.md' && uri === skillUri(parsed.name, 'SKILL.md')
        ? offeredSkill(parsed.name)
        : undefined;
    const skill = entry && (await skillEntry(entry));
    if (!skill) throw new McpError(ErrorCode.InvalidParams, `No skill is served at ${uri}.`);
    return { resultType: 'complete', skill, ttlMs: SKILLS_TTL_MS, cacheScope: 'private' };
  });
}
