"use client";

import "@scalar/api-reference-react/style.css";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import { useEffect, useRef } from "react";

/**
 * WCAG AA contrast for the default theme's muted text and HTTP-method colours (4.5:1 at the
 * small sizes Scalar uses), and the per-tag endpoint lists wrap instead of scrolling sideways
 * (a scrolling list of links without href cannot be scrolled by keyboard). A section clips
 * the invisible "copy link" button that sits past a long heading, which widened a 320 px page.
 */
const ACCESSIBLE_CSS = `
html .light-mode, html.light-mode {
  --scalar-color-2: #595959;
  --scalar-color-3: #636363;
  --scalar-color-green: #05734e;
  --scalar-color-blue: #0a5fb0;
  --scalar-color-orange: #a84708;
  --scalar-color-red: #b91c1c;
  --scalar-color-yellow: #7a5600;
  --scalar-color-purple: #5b21b6;
  --scalar-color-query: #0f6b64;
}
.endpoints { overflow: visible; }
.endpoints .endpoint-path { white-space: normal; overflow-wrap: anywhere; min-width: 0; }
.references-rendered .section { overflow-x: clip; }
`;

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
  // The sidebar's "Open API Client" links to a hosted client elsewhere; "Test Request" stays, on this page.
  hideClientButton: true,
  hideDarkModeToggle: true,
  forceDarkModeState: "light",
  persistAuth: false,
  documentDownloadType: "json",
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  customCss: ACCESSIBLE_CSS,
} as const;

export function ApiReference() {
  const root = useRef<HTMLDivElement>(null);
  // Scalar's code-block copy buttons are icon-only with no name; give each one a name as it appears.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const name = () => {
      for (const button of element.querySelectorAll<HTMLButtonElement>("button.scalar-code-copy:not([aria-label])"))
        button.setAttribute("aria-label", "Copy code");
    };
    const observer = new MutationObserver(name);
    observer.observe(element, { childList: true, subtree: true });
    name();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={root}>
      <ApiReferenceReact configuration={CONFIGURATION} />
    </div>
  );
}
