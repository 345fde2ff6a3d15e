import { describe, expect, it } from "vitest";
import { openDb, setDbForTesting } from "@/lib/db/client";
import { setDraining } from "@/lib/health/health";
import { api } from "../helpers/api";
import { currentDb } from "../helpers/test-db";

/**
 * What a load balancer and an orchestrator probe (docs/deploy.md): /healthz (the process
 * answers) and /readyz (send it traffic: database reachable, migrations applied, not
 * shutting down), JSON, never rate limited.
 */

describe("health and readiness", () => {
  it("GET /healthz answers 200 JSON, as often as it is asked", async () => {
    const answers = await Promise.all(Array.from({ length: 80 }, () => api.get("/healthz")));
    for (const response of answers) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.body).toEqual({ status: "ok", shutting_down: false });
    }
  });

  it("GET /readyz answers 200 with its checks when the database is migrated, as often as it is asked", async () => {
    const answers = await Promise.all(Array.from({ length: 80 }, () => api.get("/readyz")));
    for (const response of answers) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", shutting_down: false } });
    }
  });

  it("GET /readyz is 503 when the database cannot be reached, and 200 again when it can", async () => {
    const broken = process.env.DATABASE_URL ? await openDb({ url: "postgres://postgres@127.0.0.1:1/none", maxConnections: 1 }) : await openDb({});
    if (!process.env.DATABASE_URL) await broken.close();
    setDbForTesting(broken);
    try {
      const response = await api.get("/readyz");
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: "not_ready", checks: { database: "unreachable", migrations: "unknown", shutting_down: false } });
      expect((await api.get("/healthz")).status).toBe(200);
    } finally {
      setDbForTesting(currentDb());
      if (process.env.DATABASE_URL) await broken.close();
    }
    expect((await api.get("/readyz")).status).toBe(200);
  });

  it("GET /readyz is 503 while the instance shuts down, so the balancer stops sending it requests", async () => {
    setDraining(true);
    try {
      const response = await api.get("/readyz");
      expect(response.status).toBe(503);
      expect(response.body.checks.shutting_down).toBe(true);
      expect((await api.get("/healthz")).body).toEqual({ status: "ok", shutting_down: true });
    } finally {
      setDraining(false);
    }
  });
});
