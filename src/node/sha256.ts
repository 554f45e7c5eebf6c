// `sha256:<hex>` of some bytes, the digest of skills-lock.json (docs/install.md) and of MCP's skills/get.
import { createHash } from 'node:crypto';

export function sha256Digest(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}
