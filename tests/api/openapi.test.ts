import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_OPERATIONS } from "@/lib/openapi/operations";
import { api } from "../helpers/api";

/** Route files that are not API operations: the document itself and the JSON 404 catch-all. */
const NOT_OPERATIONS = new Set(["/v1/openapi.json", "/v1/{[...path]}"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

function toTemplate(file: string): string {
  const relative = path.relative(path.join(process.cwd(), "app"), path.dirname(file));
  return `/${relative.split(path.sep).map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`;
}

const modules = import.meta.glob<Record<string, { operation?: { id: string; path: string; method: string } }>>("/app/v1/**/route.ts");

describe("OpenAPI document", () => {
  it("declares an operation for every method every /v1 route file serves, and nothing more", async () => {
    const served: string[] = [];
    for (const file of routeFiles(path.join(process.cwd(), "app", "v1"))) {
      const template = toTemplate(file);
      if (NOT_OPERATIONS.has(template)) continue;
      const module = await modules[`/${path.relative(process.cwd(), file)}`]!();
      for (const method of METHODS) {
        const operation = module[method]?.operation;
        if (!operation) continue;
        expect(operation.path, `${method} ${template}`).toBe(template);
        expect(operation.method).toBe(method);
        served.push(`${method} ${template}`);
      }
    }
    const declared = ALL_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect(served.sort()).toEqual([...declared].sort());
    expect(new Set(ALL_OPERATIONS.map((operation) => operation.id)).size).toBe(ALL_OPERATIONS.length);
  });

  it("is served at /v1/openapi.json with every operation, its schemas and its errors", async () => {
    const response = await api.get("/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe("3.1.0");
    for (const operation of ALL_OPERATIONS) {
      const documented = response.body.paths[operation.path]?.[operation.method.toLowerCase()];
      expect(documented, `${operation.method} ${operation.path}`).toBeDefined();
      expect(documented.operationId).toBe(operation.id);
      expect(documented.responses[String(operation.response.status)]).toBeDefined();
      if (operation.auth !== "public") expect(documented.responses["401"]).toBeDefined();
    }
    expect(response.body.components.schemas.Error).toBeDefined();
  });
});
