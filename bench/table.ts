/**
 * The bench's table: one line per measurement, its goal per database (from the issues that set
 * them), and the report printed at the end. bench/run.ts fills it; bench/lines/* measure.
 */
export const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ONLY_LINES = process.env.BENCH_LINES ? new Set(process.env.BENCH_LINES.split(",").map((line) => line.trim())) : null;
export const measured = (line: string) => ONLY_LINES === null || ONLY_LINES.has(line);

export type Database = "PGlite" | "PostgreSQL";
/** One measured line of the table: its value and, where the issue sets one, the goal per database. */
type Line = { label: string; values: Partial<Record<Database, { shown: string; met: boolean | null }>>; goal: string };

export const LINES = {
  floor: "floor: unknown /v1 path (JSON 404), req/s",
  workspace: "GET /v1/workspace (the cheapest authenticated read)",
  fresh62: "availability, 62 days, 10 calendars, 2,000 bookings, a new range each request",
  fresh62ext: "the same with 10 external calendars × 500 busy times (ratio to the line above)",
  sync5000: "sync of a 5,000-event feed with recurrences: CPU (bench/external.ts)",
  again62: "the same 62-day range asked again with its ETag (304, no body)",
  fresh7: "availability, 7 days, a new range each request",
  create: "POST /v1/bookings",
  mixed: "a booking page: nine 7-day availability reads (new ranges) per create",
  group62: "availability, 62 days, a class of 8 on 10 calendars, 2,000 seats booked, a new range each request",
  groupCreate: "POST /v1/bookings, a seat of a class of 8",
  historyCreate: "POST /v1/bookings with 200,000 bookings over two years, 50 calendars, 500 workspaces (bench/history.ts)",
  history7: "availability, 7 days, a new range each request, on that history",
  consoleDay: "the console's day view, 200 bookings on 10 calendars (ratio to GET /v1/bookings for that day)",
  race: "1,000 concurrent creates on 20 slots",
  rss: "peak RSS of everything `npm start` runs, under that load",
  start: "`npm start` (built) to first answer",
} as const;
export type LineKey = keyof typeof LINES;

/**
 * Goals: a ratio (or a bound) per database; null where none is set. Each is the stricter of the
 * issue that set the line and issue 41 ("A simpler core at the same speed"), which asks every
 * line to hold its ratio while the core got simpler (docs/performance.md#todays-figures).
 */
export const RATIO_GOALS: Record<"workspace" | "fresh62" | "fresh62ext" | "again62" | "fresh7" | "create" | "mixed", Record<Database, number | null>> = {
  workspace: { PGlite: 0.6, PostgreSQL: 0.8 },
  fresh62: { PGlite: 0.4, PostgreSQL: 0.4 },
  // Of fresh62's ratio in the same run (issue "A calendar that knows the staff member's other calendars").
  fresh62ext: { PGlite: 0.8, PostgreSQL: 0.8 },
  again62: { PGlite: 0.6, PostgreSQL: 0.6 },
  fresh7: { PGlite: 0.5, PostgreSQL: 0.5 },
  create: { PGlite: 0.12, PostgreSQL: 0.15 },
  // Issue "The project's knowledge inside the repo": a write invalidates only what it changes.
  mixed: { PGlite: 0.35, PostgreSQL: 0.35 },
};
/** Group sessions: within this share of the one-to-one line's ratio measured in the same run. */
export const GROUP_SHARE = 0.8;
export const GROUP_LINES = { group62: "fresh62", groupCreate: "create" } as const;
/** Cost as history grows: the history lines within this share of the small seed's create and fresh7 in the same run. */
export const HISTORY_SHARE = 0.85;
/** The console's day view: its server time within 2× of the API's read of the same day, so at least half its rate. */
export const CONSOLE_DAY_SHARE = 0.5;
export const measuredRatios = new Map<string, number>();
export const RACE_P99_GOAL_MS: Record<Database, number | null> = { PGlite: null, PostgreSQL: 3000 };
export const RSS_GOAL_MB: Record<Database, number> = { PGlite: 600, PostgreSQL: 350 };
export const START_GOAL_MS = 2000;
export const SYNC_CPU_GOAL_MS = 1000;

const table = new Map<LineKey, Line>((Object.keys(LINES) as LineKey[]).map((key) => [key, { label: LINES[key], values: {}, goal: goalText(key) }]));

function goalText(key: LineKey): string {
  if (key in RATIO_GOALS) {
    const goals = RATIO_GOALS[key as keyof typeof RATIO_GOALS];
    if (goals.PGlite === goals.PostgreSQL) return `≥ ${goals.PGlite?.toFixed(2)}`;
    return [goals.PGlite !== null ? `≥ ${goals.PGlite.toFixed(2)} PGlite` : "", goals.PostgreSQL !== null ? `≥ ${goals.PostgreSQL.toFixed(2)} PG` : ""]
      .filter(Boolean)
      .join(", ");
  }
  if (key in GROUP_LINES) return `≥ ${GROUP_SHARE} × the ${GROUP_LINES[key as keyof typeof GROUP_LINES]} line's ratio`;
  if (key === "historyCreate") return `≥ ${HISTORY_SHARE} × the create line's ratio`;
  if (key === "history7") return `≥ ${HISTORY_SHARE} × the fresh7 line's ratio`;
  if (key === "consoleDay") return `≥ ${CONSOLE_DAY_SHARE} × GET /v1/bookings (server time within 2×)`;
  if (key === "race") return "0 double bookings, 0 5xx, p99 ≤ 3 s PG";
  if (key === "rss") return `≤ ${RSS_GOAL_MB.PGlite} MB PGlite, ≤ ${RSS_GOAL_MB.PostgreSQL} MB PG`;
  if (key === "start") return `≤ ${START_GOAL_MS / 1000} s`;
  if (key === "sync5000") return `≤ ${SYNC_CPU_GOAL_MS / 1000} s CPU`;
  return "—";
}

export function put(key: LineKey, database: Database, shown: string, met: boolean | null) {
  table.get(key)!.values[database] = { shown, met };
}

/** The issue's table with this run's figures; true when every goal is met. */
export function report(databases: Database[]): boolean {
  console.log(
    `\nThroughput: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each after ${WARMUP_SECONDS} s of warm-up, as a ratio to the floor of the same database in this run.`,
  );
  const widths = [80, 34, 34, 40];
  const row = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ");
  console.log(row(["path", ...databases, "goal"]));
  let allMet = true;
  for (const line of table.values()) {
    const cells = databases.map((database) => {
      const value = line.values[database];
      if (!value) return "—";
      if (value.met === false) allMet = false;
      return `${value.shown}${value.met === null ? "" : value.met ? " PASS" : " FAIL"}`;
    });
    console.log(row([line.label, ...cells, line.goal]));
  }
  console.log(allMet ? "\nEvery goal is met." : "\nSome goals are missed (FAIL above).");
  return allMet;
}
