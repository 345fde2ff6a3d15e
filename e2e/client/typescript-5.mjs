// `node --import ./e2e/client/typescript-5.mjs …`: openapi-typescript needs TypeScript's JS
// compiler API, which TypeScript 7 (the project's tsc) no longer ships; it gets 5.9 (the
// `typescript-5` alias in devDependencies) while everything else keeps the project's tsc. The
// hook (typescript-5-hooks.mjs) is Node's documented module customization (`module.register`).
import { register } from "node:module";

register("./typescript-5-hooks.mjs", import.meta.url);
