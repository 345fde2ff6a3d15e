import { JoinWaitlistBody, ListWaitlistQuery, WaitlistEntry, WaitlistEntryIdParams, WaitlistEntryList, WaitlistTokenParams } from "@/lib/waitlist/schemas";
import { defineOperation } from "../operation";

const TAG = "Waitlist";
const TOKEN_NOTE =
  "No key: the token of the entry's emails is the credential; an unknown token is 404. Rate-limited with the other keyless /v1/public routes (30 per minute per IP).";

export const joinWaitlist = defineOperation({
  id: "joinWaitlist",
  method: "POST",
  path: "/v1/waitlist",
  tag: TAG,
  summary: "Join the waitlist of a full class session",
  description:
    "For a class (a service of capacity above 1) whose session at starts_at is full (GET /v1/availability?include_full=true lists it with seats_left 0). " +
    "A session with a free seat is refused with 409 conflict, param starts_at (book it instead); a second live entry (waiting or offered) of the same email for the same session " +
    "is refused with 409 conflict, param customer.email. A service of capacity 1 or a start already past is 422 validation_failed. The customer is emailed a confirmation with a link to leave. " +
    "When a seat frees, the first waiting entry is offered it: a booking is held for the customer for 30 minutes (waitlist.offered) and the email's link books it.",
  auth: "sk_pk",
  body: JoinWaitlistBody,
  response: { status: 201, schema: WaitlistEntry },
  errors: ["validation_failed", "not_found", "conflict"],
});

export const listWaitlist = defineOperation({
  id: "listWaitlist",
  method: "GET",
  path: "/v1/waitlist",
  tag: TAG,
  summary: "List waitlist entries",
  description:
    "The workspace's entries in line order (by start, then calendar, then joining order), optionally for one service, start or status, a page at a time: `limit` (default 50, at most 200) and `cursor` (the previous page's `next_cursor`, null on the last page). position counts the waiting entries of each session from 1, whatever the page.",
  auth: "sk",
  query: ListWaitlistQuery,
  response: { status: 200, schema: WaitlistEntryList },
  errors: ["validation_failed"],
});

export const getWaitlistEntry = defineOperation({
  id: "getWaitlistEntry",
  method: "GET",
  path: "/v1/waitlist/{id}",
  tag: TAG,
  summary: "Read a waitlist entry",
  description: "The entry with its position in line while it waits. Another workspace's entry is 404.",
  auth: "sk",
  params: WaitlistEntryIdParams,
  response: { status: 200, schema: WaitlistEntry },
  errors: ["not_found"],
});

export const leaveWaitlist = defineOperation({
  id: "leaveWaitlist",
  method: "POST",
  path: "/v1/waitlist/{id}/leave",
  tag: TAG,
  summary: "Take an entry off the waitlist",
  description:
    "A waiting or offered entry becomes left; a seat held for it is given back and offered to the next in line. An entry already booked, expired or left is answered as it is.",
  auth: "sk",
  params: WaitlistEntryIdParams,
  response: { status: 200, schema: WaitlistEntry },
  errors: ["not_found"],
});

export const bookWaitlistOffer = defineOperation({
  id: "bookWaitlistOffer",
  method: "POST",
  path: "/v1/public/waitlist/{token}/book",
  tag: TAG,
  summary: "Book the seat offered to a waitlist entry",
  description:
    `${TOKEN_NOTE} The one click of the offer email: the booking held for the entry is confirmed (booking.created, the confirmation email with its manage link) ` +
    "and the entry is booked (waitlist.booked). Again after that: the same answer. An entry not offered a seat, or an offer that lapsed, is 409 conflict.",
  auth: "public",
  params: WaitlistTokenParams,
  response: { status: 200, schema: WaitlistEntry },
  errors: ["not_found", "conflict", "plan_limit_exceeded"],
  rateLimit: "public",
});

export const leaveWaitlistByToken = defineOperation({
  id: "leaveWaitlistByToken",
  method: "POST",
  path: "/v1/public/waitlist/{token}/leave",
  tag: TAG,
  summary: "Leave the waitlist through its email link",
  description: `${TOKEN_NOTE} As POST /v1/waitlist/{id}/leave, for the customer.`,
  auth: "public",
  params: WaitlistTokenParams,
  response: { status: 200, schema: WaitlistEntry },
  errors: ["not_found"],
  rateLimit: "public",
});
