/** The levels LOG_LEVEL may name (pino's), kept apart from the logger so the settings do not load it. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
