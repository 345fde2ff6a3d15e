import { getConfig } from "@/lib/config";
import type { Queryable } from "@/lib/db/client";
import { afterCommit } from "@/lib/db/transaction";
import { outboxMessages, type WaitlistEntryRow, type WorkspaceRow } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor, wallTime } from "./templates/i18n";

export type WaitlistMessageKind = "waitlist_joined" | "waitlist_offer";

/**
 * The customer's emails about a waitlist entry (docs/series-and-waitlists.md), written to the
 * outbox in the transaction of their cause, in the entry's language: the confirmation of
 * joining (with the link to leave) and the offer of a freed seat (the one-click link that
 * books the held seat, and the link to leave), both to the link page app/(public)/waitlist/[token]. `token` is the entry's, in clear.
 */
export async function queueWaitlistMessage(
  tx: Queryable,
  input: {
    kind: WaitlistMessageKind;
    entry: WaitlistEntryRow;
    token: string;
    workspace: WorkspaceRow;
    serviceName: string;
    customer: { name: string; email: string };
  },
): Promise<void> {
  const { entry, workspace } = input;
  const locale: Locale = entry.customerLanguage ?? workspace.language;
  const t = translatorFor(locale);
  const wall = wallTime(entry.startsAt, workspace.timezone, locale);
  const when = `${wall.date}, ${wall.time}`;
  const values = { business: workspace.name, service: input.serviceName, when };
  const base = `${getConfig().appUrl}/waitlist/${encodeURIComponent(input.token)}`;
  const lines = [t("email.greeting", { name: input.customer.name }), ""];
  let subject: string;
  if (input.kind === "waitlist_offer") {
    subject = t("email.waitlist.offerTitle", values);
    lines.push(t("email.waitlist.offerLead", values), "", `${t("email.waitlist.bookLabel")}: ${base}?action=book`);
  } else {
    subject = t("email.waitlist.joinedTitle", values);
    lines.push(t("email.waitlist.joinedLead", values));
  }
  lines.push("", `${t("email.waitlist.leaveLabel")}: ${base}?action=leave`);
  const rows = await tx
    .insert(outboxMessages)
    .values({
      workspaceId: workspace.id,
      channel: "email",
      kind: input.kind,
      recipient: "customer",
      to: input.customer.email,
      subject,
      text: lines.join("\n"),
      html: null,
      replyTo: workspace.contactEmail ?? null,
    })
    .returning({ id: outboxMessages.id });
  for (const row of rows) await afterCommit(tx, { type: "message.queued", messageId: row.id });
}
