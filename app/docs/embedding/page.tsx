import type { Metadata } from "next";
import { connection } from "next/server";
import { CodeBlock } from "@/components/docs/code-block";
import { Guide, GuideTable } from "@/components/docs/guide";
import { getConfig } from "@/lib/config";
import { ALLOW_ORIGIN_COMMANDS } from "./snippets";

export const metadata: Metadata = { title: "Embedding" };

const LISTEN = `document.addEventListener("booking:booking_confirmed", (event) => {
  const { id, status, starts_at } = event.detail;
  // e.g. send it to your analytics, or show your own thank-you note
});`;

const LISTEN_ERROR = `document.addEventListener("booking:error", (event) => {
  const { reason, booking_url } = event.detail;
  // reason: "origin_not_allowed" or "unavailable"; the widget already shows a link to booking_url
});`;

// GET /docs/embedding – the widget snippet, allowed_origins, its events and its sizing
export default async function EmbeddingGuide() {
  await connection();
  const { appUrl } = getConfig();
  const inline = `<script src="${appUrl}/embed.js" data-slug="your-slug" data-mode="inline"></script>`;
  const popup = `<script src="${appUrl}/embed.js" data-slug="your-slug" data-mode="popup" data-label="Book now"></script>`;
  const branded = `<script src="${appUrl}/embed.js" data-slug="your-slug" data-mode="inline" data-theme="dark" data-brand-color="#0f766e"></script>`;
  return (
    <Guide
      title="Embedding"
      lead="Put the booking flow on your own site with one script tag: inline in the page, or as a button that opens it in a dialog. No dependencies, no cookies."
      next={{ href: "/docs/test-mode", label: "Test mode: clock, jobs, outbox and payments" }}
    >
      <h2>The snippet</h2>
      <p>Inline, where the tag stands:</p>
      <CodeBlock language="html" label="Inline embed snippet" code={inline} />
      <p>
        Or a button (its text from <code>data-label</code>, &ldquo;Book now&rdquo; by default) that opens the flow in a modal dialog; Esc, the close button or a
        click outside closes it and focus returns to the button:
      </p>
      <CodeBlock language="html" label="Popup embed snippet" code={popup} />
      <p>
        <code>data-slug</code> is your workspace&apos;s slug (<code>GET /v1/workspace</code>). The widget is the hosted booking page (
        <code>/book/your-slug</code>) in a frame served from this server.
      </p>

      <h2>Your colours, logo and theme</h2>
      <p>
        The widget wears your workspace&apos;s brand: <code>brand_color</code>, <code>logo_url</code> and <code>theme</code> (<code>PATCH /v1/workspace</code>;{" "}
        <code>theme</code> is <code>light</code>, <code>dark</code> or <code>auto</code>, the default, which follows the customer&apos;s system setting with no
        light flash on a dark system). Whatever colour you pick, the widget keeps every text at a contrast of at least 4.5:1 and focus rings and borders at 3:1,
        in both themes: buttons are filled with your colour (white text, or black where white would not read), and text and links use a darker shade of it on
        light backgrounds or a lighter one on dark backgrounds.
      </p>
      <p>
        For one page of your site, two attributes on the tag override the workspace&apos;s settings for that embed only (other embeds and the hosted booking
        page keep the workspace&apos;s): <code>data-theme</code> (<code>light</code>, <code>dark</code> or <code>auto</code>) and <code>data-brand-color</code>{" "}
        (<code>#rrggbb</code>). A value the API would refuse is ignored and the workspace&apos;s setting applies. With <code>data-brand-color</code>, the popup
        button on your page takes the colour too.
      </p>
      <CodeBlock language="html" label="Embed snippet with a theme and colour" code={branded} />

      <h2>Allow your site: allowed_origins</h2>
      <p>
        Your site&apos;s origin must be on the <code>allowed_origins</code> of the workspace&apos;s publishable key (the newest one not revoked: the key the
        booking page uses). That list decides which sites may frame the widget (its <code>Content-Security-Policy: frame-ancestors</code>) and which browser
        origins may call the API with the key; anything else is refused with 403 <code>origin_not_allowed</code>. An origin is a scheme, host and port only:{" "}
        <code>https://www.your-site.example</code>, no path and no trailing slash. This server&apos;s own origin is always allowed. A site that is not on the
        list never gets the booking flow: the widget shows a link to the booking page instead (see below).
      </p>
      <CodeBlock label="Allow an origin" code={ALLOW_ORIGIN_COMMANDS} />

      <h2>Events on your page</h2>
      <p>
        The widget dispatches <code>CustomEvent</code>s that bubble from its container, so you can listen on <code>document</code>. They carry only what a page
        needs: never a token, a link, a code or the customer&apos;s details.
      </p>
      <GuideTable caption="Embed events">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">When</th>
            <th scope="col">event.detail</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>booking:ready</code>
            </td>
            <td>The frame has loaded.</td>
            <td>
              <code>{"{}"}</code>
            </td>
          </tr>
          <tr>
            <td>
              <code>booking:slot_selected</code>
            </td>
            <td>The customer picked a time.</td>
            <td>
              <code>{"{starts_at}"}</code>
            </td>
          </tr>
          <tr>
            <td>
              <code>booking:booking_submitted</code>
            </td>
            <td>The booking was created (it may still wait for a code or a payment).</td>
            <td>
              <code>{"{id, status, starts_at}"}</code>
            </td>
          </tr>
          <tr>
            <td>
              <code>booking:booking_confirmed</code>
            </td>
            <td>The booking is confirmed.</td>
            <td>
              <code>{"{id, status, starts_at}"}</code>
            </td>
          </tr>
          <tr>
            <td>
              <code>booking:error</code>
            </td>
            <td>The flow cannot be shown here; a link to the booking page stands in its place.</td>
            <td>
              <code>{"{reason, booking_url}"}</code>
            </td>
          </tr>
        </tbody>
      </GuideTable>
      <CodeBlock language="javascript" label="Listen for a confirmed booking" code={LISTEN} />
      <p>
        Messages between the frame and your page go only to and from this server&apos;s origin and the widget&apos;s own frame, never to <code>*</code>.
      </p>

      <h2>When the flow cannot be shown</h2>
      <p>
        Where the frame would be, the widget shows a plain link to your booking page (<code>/book/your-slug</code>) and dispatches <code>booking:error</code>{" "}
        with one of two reasons:
      </p>
      <ul>
        <li>
          <code>origin_not_allowed</code>: your site is not on the key&apos;s <code>allowed_origins</code>. The frame holds a short message of ours with the
          same link (never the browser&apos;s error box), and the widget replaces it with its own link at once. Add the origin to fix it.
        </li>
        <li>
          <code>unavailable</code>: the frame did not say it was ready within 8 seconds of loading (30 seconds at most), for example when the network or this
          server is down or the slug is unknown. If it was only slow, it takes its place back and <code>booking:ready</code> follows.
        </li>
      </ul>
      <CodeBlock language="javascript" label="Listen for the fallback" code={LISTEN_ERROR} />

      <h2>Sizing</h2>
      <ul>
        <li>
          Inline: the frame takes the full width of its container and grows and shrinks with its content (at least 320 px tall), so give the container the width
          you want; no inner scrollbar.
        </li>
        <li>Popup: a dialog up to 760 px wide that fits the window; below 480 px wide it fills the screen.</li>
        <li>The flow itself works from 320 px wide.</li>
      </ul>
    </Guide>
  );
}
