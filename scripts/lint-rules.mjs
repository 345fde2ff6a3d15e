import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The project's own oxlint rules (loaded through `jsPlugins` in .oxlintrc.json).
 *
 * no-clock-read: `new Date()` and `Date.now()` read the machine's clock; every time decision
 * reads the one clock (ctx.clock, lib/time) instead, so the dev clock and tests move it.
 * `new Date(value)` (a conversion) is fine.
 *
 * domain-surface: every folder under lib/ is a module (a domain such as lib/bookings, or a
 * layer such as lib/db) that offers a surface to the rest of the code: the files listed for
 * it in this rule's options (.oxlintrc.json, `surfaces`). Code outside the folder (another
 * domain, app/, components/) imports only those; a file not listed is the folder's own. A
 * folder with no entry offers nothing. See docs/architecture.md#domains-and-their-surfaces.
 */
const noClockRead = {
  meta: {
    type: "problem",
    docs: { description: "Read now from ctx.clock (lib/time), never from the machine clock." },
    messages: { clock: "{{what}} reads the machine clock: take now from ctx.clock (lib/time)." },
  },
  create(context) {
    const isDate = (node) => node.type === "Identifier" && node.name === "Date";
    return {
      NewExpression(node) {
        if (isDate(node.callee) && node.arguments.length === 0) context.report({ node, messageId: "clock", data: { what: "new Date()" } });
      },
      CallExpression(node) {
        const callee = node.callee;
        const isNow = callee.type === "MemberExpression" && isDate(callee.object) && callee.property.type === "Identifier" && callee.property.name === "now";
        if (isNow) context.report({ node, messageId: "clock", data: { what: "Date.now()" } });
      },
    };
  },
};

/** The repo path (`lib/bookings/holds`) an import names, or null for a package. */
function importedPath(specifier, importer) {
  let target;
  if (specifier.startsWith("@/")) target = specifier.slice(2);
  else if (specifier.startsWith(".")) target = path.posix.join(path.posix.dirname(importer), specifier);
  else return null;
  return target.replace(/\.(tsx?|jsx?|mjs|json)$/, "").replace(/\/index$/, "");
}

/** The repo's root: the nearest folder above `file` holding .oxlintrc.json (whatever the linter's cwd). */
function rootOf(file) {
  for (let folder = path.dirname(file); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, ".oxlintrc.json"))) return folder;
  }
  return process.cwd();
}

const domainSurface = {
  meta: {
    type: "problem",
    docs: { description: "Import another lib/ folder only through its declared surface." },
    schema: [
      {
        type: "object",
        properties: { surfaces: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } },
        additionalProperties: false,
      },
    ],
    messages: {
      deep: "{{target}} is internal to lib/{{folder}}: import what lib/{{folder}} offers (its surface in .oxlintrc.json, booking/domain-surface), or add the file to that surface if it is meant for others.",
    },
  },
  create(context) {
    const surfaces = context.options[0]?.surfaces ?? {};
    const importer = path
      .relative(rootOf(path.resolve(context.cwd, context.filename)), path.resolve(context.cwd, context.filename))
      .split(path.sep)
      .join("/");
    const own = /^lib\/([^/]+)\//.exec(importer)?.[1];
    function check(node, source) {
      if (!source || typeof source.value !== "string") return;
      const target = importedPath(source.value, importer);
      const match = target && /^lib\/([^/]+)\/(.+)$/.exec(target);
      if (!match) return;
      const [, folder, file] = match;
      if (folder === own || (surfaces[folder] ?? []).includes(file)) return;
      context.report({ node: source, messageId: "deep", data: { target, folder } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === "Literal" ? node.source : null),
    };
  },
};

export default { meta: { name: "booking" }, rules: { "no-clock-read": noClockRead, "domain-surface": domainSurface } };
