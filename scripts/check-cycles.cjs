// `npm run -s check:cycles [root]`: madge over lib, app and components of the repo (or of
// `root`); prints every file cycle and exits 1 when there is one (tests/lint/cycles.test.ts
// runs it on the tree and on a planted cycle). madge parses TypeScript with
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
const root = path.resolve(process.argv[2] ?? path.join(__dirname, ".."));
const madge = require("madge");

const folders = ["lib", "app", "components"].map((folder) => path.join(root, folder)).filter((folder) => fs.existsSync(folder));
madge(folders, {
  baseDir: root,
  fileExtensions: ["ts", "tsx"],
  tsConfig: path.join(root, "tsconfig.json"),
  // A type-only import is an edge too: the files still cannot be read one without the other.
  detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
})
  .then((result) => {
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
