import { eq, or } from "drizzle-orm";
import type { BaseContext } from "@/lib/context";
import { bookings } from "@/lib/db/schema";
import { sha256Hex } from "@/lib/secrets/tokens";
import { manageTokenExpiresAt } from "./find-booking-by-token";
import { loadPublicBookingRows } from "./load-public-booking";
import type { PublicBooking } from "./schemas";
import { toPublicBooking } from "./serialize";

/**
 * A manage link that worked once and no longer does: the booking was cancelled, or the link
 * lapsed 30 days after the appointment. Only what the page needs to point the customer back to
 * the business: no customer details, no token, nothing that acts on the booking.
 */
export type RetiredManageLink = {
  reason: "cancelled" | "expired";
  service_name: string;
  starts_at: string;
  /** The zone the booking was made from (docs/decisions.md#time-zones), so the time reads in it too. */
  customer_timezone: string | null;
  workspace: PublicBooking["workspace"];
  /** False when the business no longer takes bookings online (its workspace was closed). */
  is_booking_page_open: boolean;
};

/**
 * For the manage page only. The API keeps answering the same 404 for unknown, expired and
 * cancelled tokens (spec, docs/decisions.md#bookings); the page, read by the customer who holds the link,
 * says which it is and offers the business's booking page. Null for a token never issued and
 * for one that still works.
 */
export async function findRetiredManageLink({ ctx, input }: { ctx: BaseContext; input: { token: string } }): Promise<RetiredManageLink | null> {
  if (input.token.length === 0 || input.token.length > 512) return null;
  const hash = sha256Hex(input.token);
  const [row] = await ctx.db
    .select()
    .from(bookings)
    .where(or(eq(bookings.accessTokenHash, hash), eq(bookings.retiredTokenHash, hash)))
    .limit(1);
  if (!row) return null;
  const now = ctx.clock.now();
  const reason = row.status === "cancelled" ? "cancelled" : now >= manageTokenExpiresAt(row) ? "expired" : null;
  if (!reason) return null;
  const rows = await loadPublicBookingRows(ctx.db, row.id);
  const read = toPublicBooking(rows, now);
  return {
    reason,
    service_name: read.booking.service.name,
    starts_at: read.booking.starts_at,
    customer_timezone: read.booking.customer.timezone,
    workspace: read.workspace,
    is_booking_page_open: rows.workspace.active,
  };
}
