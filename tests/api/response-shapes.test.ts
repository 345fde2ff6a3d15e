import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineOperation } from "@/lib/openapi/operation";
import { assertDeclaredShape } from "../helpers/api";

/**
 * The in-process dispatcher checks every 2xx JSON body against its operation's response
 * schema, so HTTP-level tests need no schema checks of their own. This pins that check.
 */
const operation = defineOperation({
  id: "shapeProbe",
  method: "GET",
  path: "/v1/shape-probe",
  tag: "Test",
  summary: "probe",
  auth: "sk",
  response: { status: 200, schema: z.object({ id: z.string(), nested: z.object({ n: z.number() }), note: z.string().optional() }) },
  errors: [],
});

const json = (body: unknown, status = 200) => Response.json(body, { status });

describe("the dispatcher's response check", () => {
  it("passes a body that is exactly what the schema declares", async () => {
    await expect(assertDeclaredShape(operation, json({ id: "a", nested: { n: 1 } }))).resolves.toBeUndefined();
  });

  it("fails a body missing a declared field or with a wrong type", async () => {
    await expect(assertDeclaredShape(operation, json({ nested: { n: 1 } }))).rejects.toThrow(/shapeProbe.*does not match/);
    await expect(assertDeclaredShape(operation, json({ id: "a", nested: { n: "1" } }))).rejects.toThrow(/does not match/);
  });

  it("fails a body carrying a field the schema does not declare, at any depth", async () => {
    await expect(assertDeclaredShape(operation, json({ id: "a", nested: { n: 1 }, secret: "x" }))).rejects.toThrow(/does not declare/);
    await expect(assertDeclaredShape(operation, json({ id: "a", nested: { n: 1, extra: true } }))).rejects.toThrow(/does not declare/);
  });

  it("leaves error answers to the error tests", async () => {
    await expect(assertDeclaredShape(operation, json({ error: { type: "not_found" } }, 404))).resolves.toBeUndefined();
  });
});
