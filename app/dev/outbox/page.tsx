import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getConfig } from "@/lib/config";
import { loadBaseContext } from "@/lib/context";
import { listOutboxMessages, OUTBOX_LIST_LIMIT, type OutboxMessage } from "@/lib/notifications/list-outbox-messages";
import { toUtcIso } from "@/lib/time/zoned";

export const dynamic = "force-dynamic";
export const metadata = { title: "Dev outbox", robots: { index: false } };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// GET /dev/outbox – every email and SMS the app sent, newest first, with codes and links, each email's
// HTML part (framed from its own strict-CSP route) and its .ics to download (dev tools only)
export default async function OutboxPage({ searchParams }: PageProps) {
  if (!getConfig().devTools) notFound();
  const raw = (await searchParams).to;
  const to = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 320) || undefined;
  const messages = await listOutboxMessages((await loadBaseContext("page")).db, { to });
  return (
    // overflow-wrap: long addresses and links wrap, so a phone never scrolls the page sideways.
    <main style={{ maxWidth: 960, margin: "0 auto", padding: "1.5rem", fontFamily: "system-ui, sans-serif", overflowWrap: "anywhere" }}>
      <h1>Outbox</h1>
      <p>
        Every email and SMS the app sent, newest first (at most {OUTBOX_LIST_LIMIT}). JSON:{" "}
        <a href={`/dev/outbox/messages${to ? `?to=${encodeURIComponent(to)}` : ""}`}>/dev/outbox/messages</a>
      </p>
      <form method="get" style={{ display: "flex", flexWrap: "wrap", gap: "0.5rem", alignItems: "end", marginBottom: "1rem" }}>
        <label style={{ display: "grid", gap: "0.25rem", flex: "1 1 16rem", maxWidth: "24rem" }}>
          Recipient (email or phone)
          <input name="to" type="search" defaultValue={to ?? ""} style={{ padding: "0.4rem", width: "100%", boxSizing: "border-box" }} />
        </label>
        <button type="submit" style={{ padding: "0.45rem 0.9rem" }}>
          Filter
        </button>
        {to ? <a href="/dev/outbox">Show all</a> : null}
      </form>
      {messages.length === 0 ? <p>No messages{to ? ` to ${to}` : ""} yet.</p> : null}
      <ol style={{ listStyle: "none", padding: 0, display: "grid", gap: "1rem" }}>
        {messages.map((message) => (
          <MessageCard key={message.id} message={message} />
        ))}
      </ol>
    </main>
  );
}

function MessageCard({ message }: { message: OutboxMessage }) {
  const code = findCode(message);
  return (
    <li style={{ border: "1px solid var(--color-border)", borderRadius: 8, padding: "0.75rem 1rem" }}>
      <p style={{ margin: 0, fontSize: "0.9rem", color: "var(--color-text-muted)" }}>
        <strong>{message.channel.toUpperCase()}</strong> to {message.to} · <time dateTime={toUtcIso(message.createdAt)}>{toUtcIso(message.createdAt)}</time> ·{" "}
        {message.status}
        {message.attempts > 0 ? ` after ${message.attempts} attempt${message.attempts === 1 ? "" : "s"}` : ""}
        {message.lastError ? ` · last error: ${message.lastError}` : ""}
      </p>
      {message.subject ? <h2 style={{ fontSize: "1.05rem", margin: "0.4rem 0" }}>{message.subject}</h2> : null}
      {code ? (
        <p style={{ margin: "0.4rem 0" }}>
          Code: <code style={{ fontSize: "1.3rem", letterSpacing: "0.15em" }}>{code}</code>
        </p>
      ) : null}
      <pre style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0, fontFamily: "inherit" }}>{linkify(message.text)}</pre>
      {message.html ? <HtmlPart message={message} /> : null}
      {message.attachments.length > 0 ? (
        <p style={{ margin: "0.6rem 0 0", fontSize: "0.9rem" }}>
          Attachments:{" "}
          {message.attachments.map((attachment, index) => (
            <span key={index}>
              {index > 0 ? ", " : null}
              <a href={`/dev/outbox/messages/${message.id}/attachments/${index}`} download={attachment.filename}>
                {attachment.filename}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The email's HTML as the recipient's mail app would show it. It holds what customers typed, so it
 * runs nothing and reaches nothing: a sandboxed frame of its own route, which sends a strict CSP
 * with `sandbox` too, so it is as safe opened alone. A route rather than `srcdoc` keeps this page
 * small with 200 messages, and a lazy frame loads only when scrolled to.
 */
function HtmlPart({ message }: { message: OutboxMessage }) {
  const href = `/dev/outbox/messages/${message.id}/html`;
  return (
    <div style={{ marginTop: "0.6rem" }}>
      <p style={{ margin: "0 0 0.3rem", fontSize: "0.9rem" }}>
        HTML part (<a href={href}>open on its own</a>):
      </p>
      <iframe
        src={href}
        sandbox=""
        loading="lazy"
        title={`HTML part of “${message.subject}”`}
        style={{ display: "block", width: "100%", height: 480, border: "1px solid var(--color-border)", borderRadius: 4, background: "#fff" }}
      />
    </div>
  );
}

/** The 6-digit code of a verification message, shown large so it is easy to copy. */
function findCode(message: OutboxMessage): string | null {
  const match = (message.subject || message.text).match(/^(\d{6}) is your/);
  return match?.[1] ?? null;
}

/** Turns the message's http(s) links into anchors; everything else stays text (React escapes it). */
function linkify(text: string): ReactNode[] {
  return text.split(/(https?:\/\/[^\s<>"]+)/g).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
