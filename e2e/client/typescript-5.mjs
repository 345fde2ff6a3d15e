// `node --import ./e2e/client/typescript-5.mjs …`: openapi-typescript needs TypeScript's JS
// compiler API, which TypeScript 7 (the project's tsc) no longer ships; it gets 5.9 (the
// `typescript-5` alias in devDependencies) while everything else keeps the project's tsc.
import { register } from "node:module";

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === "typescript" && context.parentURL && context.parentURL.includes("/node_modules/openapi-typescript/")) {
    return next("typescript-5", context);
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);
