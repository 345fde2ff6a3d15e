import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { currentDb } from "@/tests/helpers/test-db";
import { errorFields, scrub } from "./logger";

/**
 * What a log line may say of a failure (docs/operations.md): the kind of error, PostgreSQL's
 * code and where it was thrown, never the values of the query (an email, a phone number) or a key.
 */
describe("the log of a failure", () => {
  it("a failed query's fields carry its SQLSTATE but not the email or phone it was given", async () => {
    const failure = await currentDb()
      .db.execute(sql`select ${"jane.doe@example.com"}::int, ${"+1 212 555 0123"}::text`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeDefined();
    // The error itself quotes the value (that is what reached the log before).
    expect(String((failure as Error).message) + String((failure as { cause?: Error }).cause?.message)).toContain("jane.doe@example.com");
    const fields = errorFields(failure);
    const line = JSON.stringify(fields);
    expect(line).not.toContain("jane.doe");
    expect(line).not.toContain("555");
    expect(fields).toMatchObject({ code: "22P02" });
    expect(line.split("\n")).toHaveLength(1);
  });

  it("scrubs emails, phone numbers and keys from a message, and keeps ids", () => {
    expect(scrub("payment 6f1c2a3e-0000-4000-8000-000000000001 for a@b.co by +44 20 7946 0958 with sk_abcdefghijklmnop")).toBe(
      "payment 6f1c2a3e-0000-4000-8000-000000000001 for [email] by [number] with [key]",
    );
    expect(scrub("Serving http://127.0.0.1:4671 for 10.0.0.12")).toBe("Serving http://127.0.0.1:4671 for 10.0.0.12");
  });
});
