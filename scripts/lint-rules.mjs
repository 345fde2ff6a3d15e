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
 *
 * domain-direction: which way lib/ folders depend on each other, where one way is decided. The
 * options (`below`) name, per folder, the folders it sits below and so never imports: the outbox
 * (lib/notifications) never imports lib/bookings, which writes to it. A relative path, a type
 * import, a re-export and a dynamic import() count alike.
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

/** The listener for every form of import (static, type, re-export, dynamic) of `check`. */
function onImports(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source),
    ExportNamedDeclaration: (node) => check(node, node.source),
    ExportAllDeclaration: (node) => check(node, node.source),
    ImportExpression: (node) => check(node, node.source.type === "Literal" ? node.source : null),
  };
}

/** The linted file's path from the repo's root, with forward slashes. */
function importerOf(context) {
  const file = path.resolve(context.cwd, context.filename);
  return path.relative(rootOf(file), file).split(path.sep).join("/");
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
    const importer = importerOf(context);
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
    return onImports(check);
  },
};

const domainDirection = {
  meta: {
    type: "problem",
    docs: { description: "A lib/ folder never imports a folder it sits below." },
    schema: [
      {
        type: "object",
        properties: { below: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } },
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "lib/{{own}} sits below lib/{{folder}} and never imports it (.oxlintrc.json, booking/domain-direction; docs/architecture.md#domains-and-their-surfaces).",
    },
  },
  create(context) {
    const below = context.options[0]?.below ?? {};
    const importer = importerOf(context);
    const own = /^lib\/([^/]+)\//.exec(importer)?.[1];
    const above = (own && below[own]) || [];
    if (above.length === 0) return {};
    return onImports((node, source) => {
      if (!source || typeof source.value !== "string") return;
      const folder = /^lib\/([^/]+)(\/|$)/.exec(importedPath(source.value, importer) ?? "")?.[1];
      if (folder && above.includes(folder)) context.report({ node: source, messageId: "upward", data: { own, folder } });
    });
  },
};

export default {
  meta: { name: "booking" },
  rules: { "no-clock-read": noClockRead, "domain-surface": domainSurface, "domain-direction": domainDirection },
};
