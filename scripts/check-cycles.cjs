// `npm run -s check:cycles [root]`: madge over lib, app and components of the repo (or of
// `root`); prints every file cycle and exits 1 when there is one (tests/lint/cycles.test.ts
// runs it on the tree and on a planted cycle). `--folders` prints instead the pairs of lib/
// folders that import each other (tests excluded), each edge with the files that make it; it
// exits 1 when one of them is a pair listed in FORBIDDEN_FOLDER_PAIRS below. madge parses TypeScript with
// TypeScript's JS compiler API, which TypeScript 7 (the project's tsc) no longer ships, so its
// `require("typescript")` gets 5.9 (the `typescript-5` alias in devDependencies), as
// e2e/client/typescript-5.mjs does for openapi-typescript; nothing else is affected.
const Module = require("node:module");
const path = require("node:path");

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  return resolve.call(this, request === "typescript" ? "typescript-5" : request, parent, ...rest);
};

const fs = require("node:fs");
const args = process.argv.slice(2);
const isFolders = args.includes("--folders");
const root = path.resolve(args.find((arg) => !arg.startsWith("--")) ?? path.join(__dirname, ".."));
const madge = require("madge");

/**
 * Folders that must not import each other (docs/architecture.md#domains-and-their-surfaces):
 * notifications and webhooks read a booking through lib/booking-details, below bookings; jobs
 * sits above the domains it schedules, and lib/db below everything; a workspace's shapes are
 * lib/workspaces' own (accounts counts workspaces, never the other way).
 */
const FORBIDDEN_FOLDER_PAIRS = [
  ["lib/bookings", "lib/notifications"],
  ["lib/bookings", "lib/webhooks"],
  ["lib/bookings", "lib/booking-details"],
  ["lib/db", "lib/jobs"],
  ["lib/jobs", "lib/notifications"],
  ["lib/jobs", "lib/payments"],
  ["lib/accounts", "lib/workspaces"],
];

/** `lib/<folder>` for a file in a folder of lib, else the file itself. */
function folderOf(file) {
  const parts = file.split("/");
  return parts[0] === "lib" && parts.length > 2 ? `lib/${parts[1]}` : file;
}

function reportFolders(graph) {
  const edges = new Map();
  for (const [file, deps] of Object.entries(graph)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const dep of deps) {
      const [from, to] = [folderOf(file), folderOf(dep)];
      if (from === to || !from.startsWith("lib/") || !to.startsWith("lib/")) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${file} -> ${dep}`]);
    }
  }
  const pairs = [...edges.keys()].map((key) => key.split(" -> ")).filter(([from, to]) => from < to && edges.has(`${to} -> ${from}`));
  for (const [a, b] of pairs) {
    console.log(`folders: ${a} <-> ${b}`);
    for (const key of [`${a} -> ${b}`, `${b} -> ${a}`]) for (const edge of edges.get(key)) console.log(`  ${edge}`);
  }
  const forbidden = pairs.filter(([a, b]) => FORBIDDEN_FOLDER_PAIRS.some(([x, y]) => (a === x && b === y) || (a === y && b === x)));
  for (const [a, b] of forbidden) console.log(`forbidden: ${a} <-> ${b}`);
  console.log(`${pairs.length} pair(s) of lib folders import each other; ${forbidden.length} forbidden.`);
  if (forbidden.length > 0) process.exitCode = 1;
}

const folders = ["lib", "app", "components"].map((folder) => path.join(root, folder)).filter((folder) => fs.existsSync(folder));
madge(folders, {
  baseDir: root,
  fileExtensions: ["ts", "tsx"],
  tsConfig: path.join(root, "tsconfig.json"),
  // A type-only import is an edge too: the files still cannot be read one without the other.
  detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
})
  .then((result) => {
    if (isFolders) return reportFolders(result.obj());
    const cycles = result.circular();
    const files = Object.keys(result.obj()).length;
    if (cycles.length === 0) {
      console.log(`No file cycle among ${files} files.`);
      return;
    }
    for (const cycle of cycles) console.log(`cycle: ${cycle.join(" -> ")}`);
    console.log(`${cycles.length} file cycle(s) among ${files} files.`);
    process.exitCode = 1;
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 2;
  });
