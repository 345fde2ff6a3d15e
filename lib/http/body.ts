import { DomainError, validationFailed } from "@/lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () => new DomainError("payload_too_large", `Request bodies are limited to ${MAX_BODY_BYTES / 1024} KiB.`);

/** Reads the raw body with a hard cap, without trusting Content-Length alone. */
export async function readRawBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client closed the connection mid-body: a malformed request, not a failure of ours.
      throw validationFailed(undefined, "The request body ended before it was complete.");
    });
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** An empty body reads as `{}` so that optional-field bodies may be omitted. */
export function parseJson(raw: string): unknown {
  if (raw.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw validationFailed(undefined, "The request body is not valid JSON.");
  }
  const nulAt = findNulString(parsed);
  if (nulAt !== undefined) {
    const param = nulAt.length > 0 ? nulAt.join(".") : undefined;
    throw validationFailed(param, `${param ?? "The body"}: text may not contain the NUL character (\\u0000).`);
  }
  return parsed;
}

/**
 * PostgreSQL text cannot hold U+0000, so a string carrying it would fail at the database;
 * find the first one (its path) to refuse it up front. Iterative: bodies may nest deeply.
 */
function findNulString(root: unknown): string[] | undefined {
  type Node = { value: unknown; key?: string; parent?: Node };
  const stack: Node[] = [{ value: root }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node.value === "string") {
      if (!node.value.includes("\u0000")) continue;
      const path: string[] = [];
      for (let at: Node | undefined = node; at?.key !== undefined; at = at.parent) path.push(at.key);
      return path.reverse();
    }
    if (node.value === null || typeof node.value !== "object") continue;
    const entries = Array.isArray(node.value) ? node.value.map((item, index) => [String(index), item] as const) : Object.entries(node.value);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
  }
  return undefined;
}
