import { isDeepStrictEqual } from "node:util";
import type { Operation } from "@/lib/openapi/operation";

/**
 * Calls the app's route handlers in process, through the same Request → Response surface
 * Next.js uses: every route file under app/ is matched by its path pattern (static segments
 * before dynamic ones, catch-alls last), exactly as the App Router does. Every 2xx JSON body
 * is checked against its operation's response schema (so no test has to).
 */
type RouteFunction = ((request: Request, context: { params: Promise<unknown> }) => Promise<Response>) & { operation?: Operation };
type RouteModule = Record<string, RouteFunction>;

const modules = import.meta.glob<RouteModule>("/app/**/route.ts");

type CompiledRoute = { file: string; pattern: RegExp; names: string[]; rank: number[] };

const routes: CompiledRoute[] = Object.keys(modules)
  .map((file) => {
    const segments = file
      .replace(/^\/app/, "")
      .replace(/\/route\.ts$/, "")
      .split("/")
      .filter(Boolean)
      .filter((segment) => !/^\(.*\)$/.test(segment));
    const names: string[] = [];
    const rank: number[] = [];
    const source = segments
      .map((segment) => {
        const optional = segment.match(/^\[\[\.\.\.(\w+)\]\]$/);
        if (optional) {
          names.push(`...${optional[1]}`);
          rank.push(3);
          return "(?:/(.*))?";
        }
        const catchAll = segment.match(/^\[\.\.\.(\w+)\]$/);
        if (catchAll) {
          names.push(`...${catchAll[1]}`);
          rank.push(2);
          return "/(.+)";
        }
        const dynamic = segment.match(/^\[(\w+)\]$/);
        if (dynamic) {
          names.push(dynamic[1]!);
          rank.push(1);
          return "/([^/]+)";
        }
        rank.push(0);
        return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      })
      .join("");
    return { file, pattern: new RegExp(`^${source || "/"}$`), names, rank };
  })
  .sort((a, b) => compareRank(a.rank, b.rank));

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return b.length - a.length;
}

export const BASE_URL = "http://localhost:3000";

export async function dispatch(request: Request): Promise<Response> {
  const pathname = decodeURIComponent(new URL(request.url).pathname);
  for (const candidate of routes) {
    const match = pathname.match(candidate.pattern);
    if (!match) continue;
    const params: Record<string, string | string[]> = {};
    candidate.names.forEach((name, index) => {
      const value = match[index + 1];
      if (value === undefined) return;
      if (name.startsWith("...")) params[name.slice(3)] = value.split("/");
      else params[name] = value;
    });
    const module = await modules[candidate.file]!();
    const handler = module[request.method];
    if (!handler) return new Response(null, { status: 405 });
    const response = await handler(request, { params: Promise.resolve(params) });
    await assertDeclaredShape(handler.operation, response);
    return response;
  }
  return new Response("not found", { status: 404 });
}

/**
 * A success body must parse with its operation's response schema and carry no field the
 * schema does not declare (the parse strips unknown keys, so the two must stay equal).
 */
export async function assertDeclaredShape(operation: Operation | undefined, response: Response): Promise<void> {
  if (!operation || response.status < 200 || response.status >= 300) return;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return;
  const text = await response.clone().text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  const result = operation.response.schema.safeParse(body);
  if (!result.success) throw new Error(`${operation.id}: the ${response.status} body does not match its response schema: ${result.error.message}`);
  if (!isDeepStrictEqual(result.data, body)) {
    throw new Error(`${operation.id}: the ${response.status} body carries what its response schema does not declare: ${text.slice(0, 500)}`);
  }
}

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

export type CallOptions = {
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
};

export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(path, BASE_URL);
  for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  const headers = new Headers(options.headers);
  if (options.key) headers.set("Authorization", `Bearer ${options.key}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("Content-Type", "application/json");
  }
  const response = await dispatch(new Request(url, { method, headers, body }));
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export const api = {
  get: <T = any>(path: string, options?: CallOptions) => call<T>("GET", path, options),
  post: <T = any>(path: string, options?: CallOptions) => call<T>("POST", path, options),
  put: <T = any>(path: string, options?: CallOptions) => call<T>("PUT", path, options),
  patch: <T = any>(path: string, options?: CallOptions) => call<T>("PATCH", path, options),
  delete: <T = any>(path: string, options?: CallOptions) => call<T>("DELETE", path, options),
};
