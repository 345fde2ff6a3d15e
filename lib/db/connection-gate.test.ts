import type { Sql } from "postgres";
import { describe, expect, it } from "vitest";
import { withConnectionGate } from "./connection-gate";

/**
 * The gate in front of postgres.js, against a stand-in driver that records what it is handed:
 * never more units at once than connections, in the order they came, each freed however it
 * ends. (connection-gate.postgres.test.ts runs the failure it prevents on a real pool.)
 */
type Call = { text: string; asValues: boolean; finish: (error?: Error) => void };

function standIn() {
  const calls: Call[] = [];
  let running = 0;
  let most = 0;
  const start = (text: string, asValues: boolean) =>
    new Promise<string>((resolve, reject) => {
      running++;
      most = Math.max(most, running);
      calls.push({
        text,
        asValues,
        finish: (error) => {
          running--;
          if (error) reject(error);
          else resolve(`${text}${asValues ? " as values" : ""}`);
        },
      });
    });
  const driver = {
    unsafe(text: string) {
      let asValues = false;
      return {
        values() {
          asValues = true;
          return this;
        },
        // oxlint-disable-next-line unicorn/no-thenable -- postgres.js's query is a lazy thenable too
        then<A, B>(onFulfilled?: (value: string) => A, onRejected?: (reason: unknown) => B) {
          return start(text, asValues).then(onFulfilled, onRejected);
        },
      };
    },
    begin(run: (inner: string) => Promise<unknown>) {
      return start("BEGIN", false).then(() => run("inside"));
    },
    end: () => "ended",
  };
  return { sql: driver as unknown as Sql, calls, most: () => most, running: () => running };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the connection gate", () => {
  it("hands the driver at most as many statements as connections, the rest in the order they came", async () => {
    const driver = standIn();
    const sql = withConnectionGate(driver.sql, 2);
    const answers = ["a", "b", "c", "d", "e"].map((text) => sql.unsafe(text).then((value) => value));
    await settle();
    expect(driver.calls.map((call) => call.text)).toEqual(["a", "b"]);
    driver.calls[1]?.finish();
    await settle();
    expect(driver.calls.map((call) => call.text)).toEqual(["a", "b", "c"]);
    driver.calls[0]?.finish();
    driver.calls[2]?.finish();
    await settle();
    driver.calls[3]?.finish();
    driver.calls[4]?.finish();
    expect(await Promise.all(answers)).toEqual(["a", "b", "c", "d", "e"]);
    expect(driver.most()).toBe(2);
  });

  it("holds a transaction's connection until the transaction ends, whatever it runs inside", async () => {
    const driver = standIn();
    const sql = withConnectionGate(driver.sql, 1);
    let release: () => void = () => {};
    const transaction = sql.begin(async (inner) => {
      await new Promise<void>((resolve) => (release = resolve));
      return `done ${String(inner)}`;
    });
    const after = sql.unsafe("after").then((value) => value);
    await settle();
    driver.calls[0]?.finish();
    await settle();
    // BEGIN has answered, but the transaction still runs: the statement waits.
    expect(driver.calls.map((call) => call.text)).toEqual(["BEGIN"]);
    release();
    expect(await transaction).toBe("done inside");
    await settle();
    expect(driver.calls.map((call) => call.text)).toEqual(["BEGIN", "after"]);
    driver.calls[1]?.finish();
    expect(await after).toBe("after");
  });

  it("frees the connection of a statement or transaction that fails", async () => {
    const driver = standIn();
    const sql = withConnectionGate(driver.sql, 1);
    const failing = sql.unsafe("broken").then(
      () => "answered",
      (error: Error) => error.message,
    );
    const rolledBack = sql.begin(() => Promise.reject(new Error("rolled back"))).catch((error: Error) => error.message);
    const next = sql.unsafe("next").then((value) => value);
    await settle();
    driver.calls[0]?.finish(new Error("syntax error"));
    expect(await failing).toBe("syntax error");
    await settle();
    driver.calls[1]?.finish();
    expect(await rolledBack).toBe("rolled back");
    await settle();
    driver.calls[2]?.finish();
    expect(await next).toBe("next");
    expect(driver.most()).toBe(1);
  });

  it("asks the driver for rows as values when drizzle does, and passes everything else through", async () => {
    const driver = standIn();
    const sql = withConnectionGate(driver.sql, 4);
    const rows = sql
      .unsafe("select")
      .values()
      .then((value) => value);
    await settle();
    driver.calls[0]?.finish();
    expect(await rows).toBe("select as values");
    expect(driver.calls[0]?.asValues).toBe(true);
    expect((sql as unknown as { end: () => string }).end()).toBe("ended");
  });
});
