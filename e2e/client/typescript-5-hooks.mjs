// Module resolution hooks registered by typescript-5.mjs: openapi-typescript's `typescript` is 5.9.
export async function resolve(specifier, context, next) {
  if (specifier === "typescript" && context.parentURL?.includes("/node_modules/openapi-typescript/")) {
    return next("typescript-5", context);
  }
  return next(specifier, context);
}
