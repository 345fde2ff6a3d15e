"use client";

import "@scalar/api-reference-react/style.css";
import { ApiReferenceReact } from "@scalar/api-reference-react";

/**
 * The API reference, rendered in the browser by Scalar from the document this server serves.
 * Everything Scalar would fetch from elsewhere is turned off so the page works offline and no
 * request leaves our origin: its web fonts, telemetry, the hosted AI agent and MCP link, and the
 * request proxy ("try it" calls the API directly; it is the same origin). The document's
 * `servers` entry is APP_URL, so "try it" talks to this server.
 */
const CONFIGURATION = {
  url: "/v1/openapi.json",
  _integration: "nextjs",
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  hideDarkModeToggle: true,
  forceDarkModeState: "light",
  persistAuth: false,
  documentDownloadType: "json",
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
} as const;

export function ApiReference() {
  return <ApiReferenceReact configuration={CONFIGURATION} />;
}
