// The server's resources (docs/mcp.md, "What it serves"): `skill://index`, the listing a model
// sees, and every file of an offered skill as `skill://<name>/<path>`, read as its exact bytes,
// with the template of that form.
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { FileSystem } from '../core/base/fileSystem';
import { joinPath } from '../core/base/paths';
import type { SkillCatalog } from '../core/catalog/catalog';
import { formatToolError, runListSkills, runReadSkillFile, type ToolContext } from '../core/loading/tools';
import type { Handle } from './requestHandler';
import { MAX_SKILL_BYTES, parseSkillUri, skillUri, type SkillFiles } from './skillFiles';

/** The JSON-RPC code for an unknown resource in resources/read (MCP 2025-11-25, server/resources). */
export const RESOURCE_NOT_FOUND = -32002;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A file's content for resources/read, exactly its bytes: text when they are UTF-8 (a byte order
 * mark kept), else a base64 blob, so that the digest and size of skills/list cover what is read.
 */
function resourceContent(uri: string, path: string, bytes: Uint8Array) {
  if (!bytes.includes(0)) {
    try {
      const text = strictUtf8.decode(bytes);
      return { uri, mimeType: path.endsWith('.md') ? 'text/markdown' : 'text/plain', text };
    } catch {
      // Not UTF-8: a blob.
    }
  }
  return { uri, mimeType: 'application/octet-stream', blob: Buffer.from(bytes).toString('base64') };
}

/** How much of a file resources/list reads to tell text from a blob. */
const SNIFF_BYTES = 4096;

/**
 * The mimeType resources/list gives a file: what resources/read will return for it, told from its
 * first bytes (a NUL, or bytes that are not UTF-8, make a blob). A file whose first non-UTF-8 byte
 * lies past SNIFF_BYTES is listed as text and read as a blob (docs/mcp.md).
 */
async function listedMimeType(fs: FileSystem, file: string, path: string): Promise<string> {
  const head = await fs.readFile(file, SNIFF_BYTES).catch(() => new Uint8Array());
  if (head.includes(0)) return 'application/octet-stream';
  try {
    // Streaming when the head is not the whole file, so that a character cut at its end is no error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: head.length === SNIFF_BYTES });
  } catch {
    return 'application/octet-stream';
  }
  return path.endsWith('.md') ? 'text/markdown' : 'text/plain';
}

/** What the resources need of the server. */
export interface ResourcesDeps {
  readonly catalog: SkillCatalog;
  readonly fs: FileSystem;
  readonly context: ToolContext;
  readonly files: SkillFiles;
}

/** Answers resources/list, resources/templates/list and resources/read. */
export function registerResources(handle: Handle, deps: ResourcesDeps): void {
  const { catalog, fs, context } = deps;
  const { filesOf, offeredSkill, servedBytes } = deps.files;
  handle(ListResourcesRequestSchema, async () => {
    const resources = [
      {
        uri: 'skill://index',
        name: 'index',
        description: 'The listing of the skills, as a model sees it.',
        mimeType: 'text/markdown',
      },
    ];
    for (const entry of catalog.offered()) {
      for (const path of await filesOf(entry.record.dir)) {
        const isSkill = path === 'SKILL.md';
        resources.push({
          uri: skillUri(entry.record.name, path),
          name: isSkill ? entry.record.name : `${entry.record.name}/${path}`,
          description: isSkill ? (entry.record.description ?? '') : '',
          mimeType: isSkill ? 'text/markdown' : await listedMimeType(fs, joinPath(entry.record.dir, path), path),
        });
      }
    }
    return { resources };
  });

  // Every file of an offered skill, by name and path (RFC 6570: `+` keeps the path's slashes).
  handle(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: 'skill://{name}/{+path}',
        name: 'skill-file',
        description: "A file of an offered skill: SKILL.md, or a path inside the skill's folder.",
      },
    ],
  }));

  handle(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    if (uri === 'skill://index') {
      const listing = runListSkills(context, {});
      return {
        contents: [
          { uri, mimeType: 'text/markdown', text: listing.ok ? listing.text : formatToolError(listing.error) },
        ],
      };
    }
    // Resource not found is -32002 with the URI in `data` (the spec's resources, "Error Handling",
    // up to 2025-11-25, the newest revision this SDK speaks); a file that exists but is not
    // served as text (a folder, too large) is Invalid params.
    const notFound = (message: string) => new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${message}`, { uri });
    const parsed = parseSkillUri(uri);
    if (!parsed) throw notFound(`${uri} is not a skill:// URI of this server.`);
    // A file of the skill's manifest (the files of skills/list) is served as its exact bytes.
    const entry = offeredSkill(parsed.name);
    const files = entry ? await filesOf(entry.record.dir) : [];
    if (entry && uri === skillUri(parsed.name, parsed.path) && files.includes(parsed.path)) {
      const bytes = await servedBytes(entry, parsed.path);
      if (bytes === 'too_large')
        throw new McpError(ErrorCode.InvalidParams, `${uri} has more than ${MAX_SKILL_BYTES} bytes.`, { uri });
      if (bytes) return { contents: [resourceContent(uri, parsed.path, bytes)] };
    }
    // Anything else is not served; the model's tool says why (outside the skill, hidden, a folder).
    const result = await runReadSkillFile(context, { name: parsed.name, path: parsed.path });
    if (!result.ok) {
      if (result.error.type === 'too_large' || result.error.type === 'invalid_input')
        throw new McpError(ErrorCode.InvalidParams, formatToolError(result.error), { uri });
      throw notFound(formatToolError(result.error));
    }
    throw notFound(`'${parsed.path}' is not one of the files the skill '${parsed.name}' serves.`);
  });
}
