/**
 * What a committed transaction hands to the background driver. Each is recorded (with
 * `afterCommit`, ./transaction.ts) on the transaction that wrote its row, and announced once
 * after that transaction commits, by the announcer registered at start
 * (`setAfterCommitAnnouncer`; lib/context.ts registers lib/jobs/announce-effects.ts); a
 * rolled-back one is never announced. The rows stay the source of truth: a lost
 * announcement only waits for the next sweep. It lives here, beside the transaction, so
 * lib/db never imports lib/jobs (see docs/architecture.md#after-commit-work).
 */
export type AfterCommitEffect =
  /** A pending webhook delivery row was written. */
  | { type: "webhook.delivery"; deliveryId: string; endpointId: string }
  /** A hold was placed or extended: it lapses at `holdExpiresAt`. */
  | { type: "hold.placed"; bookingId: string; holdExpiresAt: Date }
  /** A hold ended (confirmed or cancelled) before it lapsed. */
  | { type: "hold.settled"; bookingId: string }
  /** A booking was confirmed, moved or cancelled (`startsAt` null): its reminders follow its time. */
  | { type: "schedule.changed"; bookingId: string; startsAt: Date | null; sequence: number }
  /** A seat of a group session was given back (a cancel, a declined offer): its waitlist may be offered it (docs/series-and-waitlists.md). */
  | { type: "seat.freed"; workspaceId: string; serviceId: string; staffId: string; startsAt: Date }
  /** An outbox message (email or SMS) was queued. */
  | { type: "message.queued"; messageId: string };
