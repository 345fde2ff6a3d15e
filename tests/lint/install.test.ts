import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * What a production install relies on (docs/deploy.md): `npm ci --omit=dev` runs the
 * postinstall script, so every tool it calls is a dependency; and `engines` names the Node
 * lines that are supported (22 and 24 LTS).
 */
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  engines: { node: string };
};

describe("a production install", () => {
  it("every command the install scripts run comes from a dependency, not a devDependency", () => {
    for (const hook of ["preinstall", "install", "postinstall", "prepare"]) {
      const command = pkg.scripts[hook];
      if (!command) continue;
      const tool = command.split(/\s+/)[0]!;
      expect(pkg.devDependencies[tool], `${hook} runs ${tool}`).toBeUndefined();
      expect(pkg.dependencies[tool], `${hook} runs ${tool}`).toBeDefined();
    }
  });

  it("engines declares Node 22 and 24, not the end-of-life Node 20", () => {
    expect(pkg.engines.node).toBe(">=22.12");
  });
});
