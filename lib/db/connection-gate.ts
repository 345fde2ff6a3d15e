import pLimit, { type LimitFunction } from "p-limit";
import type { Sql } from "postgres";

type PendingQuery = PromiseLike<unknown> & { values(): PromiseLike<unknown> };
type Unsafe = (text: string, params?: unknown[], options?: object) => PendingQuery;

/**
 * Hands postgres.js at most as many units of work at once as it has connections: a statement
 * outside any transaction, or a whole transaction. The rest wait here, in order.
 *
 * When every connection is taken, postgres.js queues statements and later sends up to a
 * hundred of them down one connection. A BEGIN that lands at that limit is sent without the
 * connection being reserved for its transaction (porsager/postgres#1189, #823; open in 3.4.9):
 * the transaction fails with UNSAFE_TRANSACTION and the connection goes back to the pool still
 * inside it, so other requests' statements run in a transaction nobody will commit. Under the
 * 1,000 creates of `e2e/races.spec.ts` one request in a thousand met it. With this gate, every
 * unit finds a connection of its own, so postgres.js never queues or pipelines one.
 *
 * Statements inside a transaction go straight to its connection: they already hold the unit.
 * The caller may hand in the limit, to read how busy the pool is (GET /metrics).
 */
export function withConnectionGate(client: Sql, connections: number, limit: LimitFunction = pLimit(connections)): Sql {
  const unsafe = client.unsafe.bind(client) as unknown as Unsafe;
  const gated: Unsafe = (text, params, options) => {
    let asValues = false;
    let run: Promise<unknown> | undefined;
    const settle = () =>
      (run ??= limit(() => {
        const query = unsafe(text, params, options);
        return asValues ? query.values() : query;
      }));
    const pending = {
      values() {
        asValues = true;
        return pending;
      },
      // oxlint-disable-next-line unicorn/no-thenable -- what unsafe() returns is awaited, and runs only then, as postgres.js's own query does
      then<A, B>(onFulfilled?: (value: unknown) => A | PromiseLike<A>, onRejected?: (reason: unknown) => B | PromiseLike<B>) {
        return settle().then(onFulfilled, onRejected);
      },
    };
    return pending;
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "unsafe") return gated;
      if (property === "begin") {
        const begin = target.begin.bind(target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => limit(() => begin(...args));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
