// How the server takes a request (docs/mcp.md, "Errors"): every request waits for the first
// scan, since the catalog is empty before it, and a request whose params do not fit the method's
// schema is Invalid params (-32602), as the spec names it, rather than the SDK's Internal error.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** What the SDK hands a request handler (the request's abort signal among it). */
export type RequestExtra = Parameters<Parameters<Server['setRequestHandler']>[1]>[1];

/** Registers the handler of one method, given by its request schema. */
export type Handle = <S extends z.ZodObject<{ method: z.ZodLiteral<string> }>>(
  schema: S,
  handler: (request: z.infer<S>, extra: RequestExtra) => Promise<Record<string, unknown>>,
) => void;

/** The `handle` of one server: it checks each request against its schema and waits for `ready`. */
export function requestHandler(server: Server, ready: Promise<void> | undefined): Handle {
  return (schema, handler) => {
    const method = schema.shape.method.value;
    server.setRequestHandler(z.object({ method: z.literal(method) }).passthrough(), async (request, extra) => {
      const parsed = schema.safeParse(request);
      if (!parsed.success)
        throw new McpError(ErrorCode.InvalidParams, `Invalid ${method} request: ${z.prettifyError(parsed.error)}`);
      await ready;
      return handler(parsed.data, extra);
    });
  };
}
