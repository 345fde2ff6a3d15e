/**
 * The same start as `npm start` (scripts/start.mjs: build when needed, then migrate, seed and
 * serve in one process) for callers that run TypeScript entry points (`tsx scripts/start.ts`).
 */
const entry = "./start.mjs";
await import(entry);

export {};
