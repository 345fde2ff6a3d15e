import pLimit, { type LimitFunction } from "p-limit";
import type { Sql } from "postgres";
import { getLogger } from "@/lib/log/logger";

type PendingQuery = PromiseLike<unknown> & { values(): PromiseLike<unknown> };
type Unsafe = (text: string, params?: unknown[], options?: object) => PendingQuery;

/**
 * What the gate needs to tell a dead database from a slow one and to start over once it is
 * back: a fresh pool like the one it guards, and a small one for a probe (one connection).
 */
export type Reopen = { pool: () => Sql; probe: () => Sql };

/** Work outstanding this long with nothing finished: the gate asks the database whether it is there. */
export const SUSPECT_AFTER_MS = 750;
/** A probe (`select 1` on the probe's open connection) that takes longer than this counts as no answer. */
export const PROBE_TIMEOUT_MS = 1_500;
/**
 * How long a new connection may take to answer its start-up (the pool's and the probe's
 * postgres.js `connect_timeout`): on a loaded machine opening one takes seconds, so a probe
 * whose connection is still being made is judged on this, not on PROBE_TIMEOUT_MS.
 */
export const CONNECT_TIMEOUT_MS = 10_000;
/** While the database is unreachable, a probe this often; the first that answers reopens the pool. */
export const PROBE_EVERY_MS = 500;
const WATCH_EVERY_MS = 125;

/** What every unit gets while the database is unreachable (lib/db/errors.ts reads it as "unavailable"). */
export class DatabaseUnreachableError extends Error {
  readonly code = "DATABASE_UNREACHABLE";
  constructor() {
    super("The database does not answer; the request was not run.");
    this.name = "DatabaseUnreachableError";
  }
}

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
 *
 * With `reopen`, the gate also fails fast while the database is unreachable (docs/deploy.md,
 * "When the database is unreachable"). postgres.js waits on a connection whose peer has stopped
 * answering for as long as TCP does (minutes), so the gate watches progress instead: when work
 * has been outstanding for SUSPECT_AFTER_MS and no unit has finished meanwhile, or a unit failed
 * for want of a connection, it probes the database on a connection of its own. That connection
 * is opened as soon as the database has first answered and kept open, so a probe is one round
 * trip: under a burst the event loop reads each socket late, and a probe that first had to open
 * a connection took over 2 s on a live database. A probe whose connection is still being made
 * (the instance's first seconds, or just after a probe that failed) waits for it as long as the
 * pool waits for one of its own, CONNECT_TIMEOUT_MS: on a loaded machine a starting instance's
 * first connection can take longer than SUSPECT_AFTER_MS and PROBE_TIMEOUT_MS together, and
 * judging it on PROBE_TIMEOUT_MS closed a pool that was about to answer (its migration cut,
 * `npm start` stopped). A probe that answers means the database is only busy, and nothing
 * changes. A probe on an open connection that does not answer within PROBE_TIMEOUT_MS, or a
 * connection that cannot be made, closes the pool at once (every statement on it fails, so
 * every request answers 503 `transient_failure` and no transaction commits behind its back),
 * and every unit until the database returns is refused without waiting. A probe every
 * PROBE_EVERY_MS then finds the database back, and a fresh pool serves the next unit: no
 * restart. Busy is told from gone by progress, so a saturated pool under load is never
 * mistaken for an outage. The caller may hand in the limit, to read how busy the pool is (GET /metrics).
 */
export function withConnectionGate(client: Sql, connections: number, reopen?: Reopen, limit: LimitFunction = pLimit(connections)): Sql {
  let current: Sql | undefined = client;
  let ended = false;
  let outstanding = 0;
  /** The later of: the last unit that finished (the database answered), the moment work began. */
  let lastProgress = performance.now();
  let probing: Promise<void> | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  let lastProbeAt = 0;

  const log = () => getLogger();
  const markDown = () => {
    if (!current) return;
    const closing = current;
    current = undefined;
    log().error(
      { event: "database_unreachable", outstanding },
      "database unreachable: closing the pool; requests that need it are answered 503 until it returns",
    );
    void closing.end({ timeout: 0 }).catch(() => {});
  };
  const markUp = () => {
    if (current || ended || !reopen) return;
    current = reopen.pool();
    lastProgress = performance.now();
    log().info({ event: "database_reachable" }, "database reachable again: a fresh pool serves requests");
  };
  /**
   * The probe's own connection, kept open between probes (one round trip each) and replaced after
   * one that did not answer; `open` once a statement on it has answered.
   */
  let probeConnection: { sql: Sql; open: boolean } | undefined;
  const dropProbeConnection = (connection: { sql: Sql }) => {
    if (probeConnection !== connection) return;
    probeConnection = undefined;
    void connection.sql.end({ timeout: 0 }).catch(() => {});
  };
  /** The probe's connection, made (its first `select 1` sent) if there is none. */
  const probeConnectionNow = (opener: Reopen) => {
    if (probeConnection) return probeConnection;
    const connection = { sql: opener.probe(), open: false };
    probeConnection = connection;
    connection.sql.unsafe("select 1").then(
      () => (connection.open = true),
      () => dropProbeConnection(connection),
    );
    return connection;
  };
  const probe = () => {
    if (!reopen || ended) return;
    probing ??= (async () => {
      const started = performance.now();
      lastProbeAt = started;
      const connection = probeConnectionNow(reopen);
      let answer: boolean | undefined;
      const answered = connection.sql.unsafe("select 1").then(
        () => (answer = true),
        () => (answer = false),
      );
      let timer: NodeJS.Timeout | undefined;
      const wait = connection.open ? PROBE_TIMEOUT_MS : CONNECT_TIMEOUT_MS;
      await Promise.race([answered, new Promise((resolve) => (timer = setTimeout(resolve, wait)))]);
      clearTimeout(timer);
      // A busy event loop runs its timers before it reads the sockets: an answer that came while
      // the timer waited is read in the poll that follows, so the verdict waits for one.
      if (answer === undefined) await new Promise((resolve) => setImmediate(resolve));
      const alive = answer === true;
      if (alive) connection.open = true;
      else dropProbeConnection(connection);
      log()[alive ? "debug" : "warn"](
        { event: "database_probe", alive, probe_ms: Math.round(performance.now() - started), outstanding },
        alive ? "database probe answered" : "database probe did not answer",
      );
      if (alive) {
        lastProgress = performance.now();
        markUp();
        // A pool that finished work while the probe waited is busy, not gone.
      } else if (!current || lastProgress < started) markDown();
    })().finally(() => {
      probing = undefined;
      lastProbeAt = performance.now();
    });
  };
  const watch = () => {
    if (!reopen || watchdog || ended) return;
    watchdog = setInterval(() => {
      const now = performance.now();
      if (!current) {
        if (now - lastProbeAt >= PROBE_EVERY_MS) probe();
        return;
      }
      if (outstanding === 0) {
        clearInterval(watchdog);
        watchdog = undefined;
        return;
      }
      if (now - lastProgress >= SUSPECT_AFTER_MS && now - lastProbeAt >= SUSPECT_AFTER_MS) probe();
    }, WATCH_EVERY_MS);
    watchdog.unref();
  };

  /** Runs one unit on the current pool, or refuses it at once while the database is unreachable. */
  const unit = <T>(work: (pool: Sql) => PromiseLike<T>): Promise<T> => {
    if (outstanding++ === 0) lastProgress = Math.max(lastProgress, performance.now());
    watch();
    return limit(() => {
      const pool = current;
      if (!pool) {
        watch();
        throw new DatabaseUnreachableError();
      }
      return work(pool);
    }).then(
      (value) => {
        outstanding--;
        lastProgress = performance.now();
        // The database answers: the probe's connection is made now, so a later probe is one round trip.
        if (reopen && !ended) probeConnectionNow(reopen);
        return value;
      },
      (error: unknown) => {
        outstanding--;
        if (isConnectionFailure(error)) {
          if (current) probe();
        } else lastProgress = performance.now();
        throw error;
      },
    );
  };

  const gated: Unsafe = (text, params, options) => {
    let asValues = false;
    let run: Promise<unknown> | undefined;
    const settle = () =>
      (run ??= unit((pool) => {
        const query = (pool.unsafe.bind(pool) as unknown as Unsafe)(text, params, options);
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
        return (...args: unknown[]) => unit((pool) => (pool.begin.bind(pool) as (...args: unknown[]) => Promise<unknown>)(...args));
      }
      if (property === "end" && reopen) {
        return async (options?: { timeout?: number }) => {
          ended = true;
          if (watchdog) clearInterval(watchdog);
          await probing?.catch(() => {});
          await Promise.all([...new Set([current, target, probeConnection?.sql])].map((pool) => pool?.end(options).catch(() => {})));
        };
      }
      const pool = current ?? target;
      const value: unknown = Reflect.get(pool, property, pool);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(pool) : value;
    },
  });
}

/** The driver could not reach the database at all (a refused, lost or timed-out connection). */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === "string" &&
    /^(CONNECT_TIMEOUT|CONNECTION_(CLOSED|ENDED)|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|57P0[1-3]|08\w{3})$/.test(code)
  );
}
