/**
 * The quickstart as copyable shell: curl for the calls, jq to pick fields, node for dates.
 * e2e/docs.spec.ts runs exactly these commands (every step but the first, whose values it
 * sets itself) against the server, so the guide cannot drift from the API.
 */
export type QuickstartStep = { id: string; title: string; intro: string; code: string; after?: string };

const JSON_HEADERS = `\\\n  -H "Authorization: Bearer $SK" -H "Content-Type: application/json"`;

export function listQuickstartSteps(baseUrl: string): QuickstartStep[] {
  return [
    {
      id: "before",
      title: "Before you start",
      intro:
        'You need curl, jq and Node.js. npm start printed an account key (ak_…) for the demo account; any account key works (npm run -s cli -- account create --name "You" makes one while the app is stopped). For the last step, a URL that can receive POST requests, already listening when you reach step 7 (a delivery that finds nothing there is retried with back-off, so the step would show it pending): with dev tools on, a local http:// address is fine.',
      code: [`export BASE=${baseUrl}`, "export AK=ak_your_account_key", "export WEBHOOK_URL=https://your-server.example/webhooks/bookings"].join("\n"),
    },
    {
      id: "workspace",
      title: "1. Create a workspace",
      intro: "The account key creates a workspace with one calendar, and returns the workspace's secret key once. Keep it on your server.",
      code: [
        `SK=$(curl -sS --fail-with-body "$BASE/v1/account/workspaces" \\`,
        `  -H "Authorization: Bearer $AK" -H "Content-Type: application/json" \\`,
        `  -d '{"name": "Harbour Hair", "timezone": "America/New_York", "staff_name": "Alex Rivera", "with_secret_key": true}' \\`,
        "  | jq -r .secret_key)",
        `echo "$SK"`,
      ].join("\n"),
    },
    {
      id: "calendar",
      title: "2. Give the calendar working hours",
      intro:
        "Working hours are local wall time in the workspace's zone, per weekday (0 is Sunday), in minutes from midnight. Here: Monday to Friday, 9:00 to 17:00.",
      code: [
        `STAFF_ID=$(curl -sS --fail-with-body "$BASE/v1/staff" -H "Authorization: Bearer $SK" | jq -r '.data[0].id')`,
        `curl -sS --fail-with-body -X PUT "$BASE/v1/staff/$STAFF_ID/working-hours" ${JSON_HEADERS} \\`,
        `  -d '{"working_hours": [${[1, 2, 3, 4, 5].map((weekday) => `{"weekday": ${weekday}, "start_minute": 540, "end_minute": 1020}`).join(", ")}]}' \\`,
        "  | jq '.working_hours | length'",
      ].join("\n"),
    },
    {
      id: "service",
      title: "3. Create a service and offer it on the calendar",
      intro: "A new service is offered by no calendar until you say which ones offer it.",
      code: [
        `SERVICE_ID=$(curl -sS --fail-with-body "$BASE/v1/services" ${JSON_HEADERS} \\`,
        `  -d '{"name": "Haircut", "duration_minutes": 45, "price_cents": 4500, "payment_mode": "none"}' | jq -r .id)`,
        `curl -sS --fail-with-body -X PUT "$BASE/v1/services/$SERVICE_ID/staff" ${JSON_HEADERS} \\`,
        `  -d "{\\"staff_ids\\": [\\"$STAFF_ID\\"]}" | jq .staff_ids`,
      ].join("\n"),
    },
    {
      id: "question",
      title: "4. Ask a question, and say where the business hears of bookings",
      intro:
        "A question is asked on the booking page and answered in the create call; the answers come back on every booking read and webhook payload, in the questions' order with the label as asked. notification_email gets an email (in the workspace's language, answers included, with an .ics) for every confirmed, moved and cancelled booking: until you set it, it is the workspace's contact_email; null turns the emails off.",
      code: [
        `QUESTION_ID=$(curl -sS --fail-with-body "$BASE/v1/questions" ${JSON_HEADERS} \\`,
        `  -d '{"label": "Anything we should know? Allergies, accessibility needs", "type": "long_text"}' | jq -r .id)`,
        `curl -sS --fail-with-body -X PATCH "$BASE/v1/workspace" ${JSON_HEADERS} \\`,
        `  -d '{"notification_email": "frontdesk@harbour-hair.example"}' | jq .notification_email`,
      ].join("\n"),
    },
    {
      id: "availability",
      title: "5. Read availability",
      intro: "Open starts in [from, to), grouped by calendar, with the workspace's offset. A range may span at most 62 days.",
      code: [
        `FROM=$(node -p 'new Date().toISOString()')`,
        `TO=$(node -p 'new Date(Date.now() + 7 * 86400000).toISOString()')`,
        `SLOTS=$(curl -sS --fail-with-body -G "$BASE/v1/availability" -H "Authorization: Bearer $SK" \\`,
        `  --data-urlencode "service_id=$SERVICE_ID" --data-urlencode "from=$FROM" --data-urlencode "to=$TO")`,
        `echo "$SLOTS" | jq '.data[0].slots[:3]'`,
        `STARTS_AT=$(echo "$SLOTS" | jq -r '.data[0].slots[0].start')`,
      ].join("\n"),
    },
    {
      id: "booking",
      title: "6. Book it",
      intro:
        "Send an Idempotency-Key so a retry after a timeout can never book twice: the same key and body within 24 hours replay the first answer (with Idempotent-Replayed: true).",
      code: [
        `BOOKING=$(curl -sS --fail-with-body "$BASE/v1/bookings" ${JSON_HEADERS} \\`,
        `  -H "Idempotency-Key: quickstart-$SERVICE_ID" \\`,
        `  -d "{\\"service_id\\": \\"$SERVICE_ID\\", \\"starts_at\\": \\"$STARTS_AT\\", \\"customer\\": {\\"name\\": \\"Ada Lovelace\\", \\"email\\": \\"ada@example.com\\"}, \\"answers\\": [{\\"question_id\\": \\"$QUESTION_ID\\", \\"value\\": \\"Latex allergy, please use nitrile gloves\\"}]}")`,
        `echo "$BOOKING" | jq '{id, status, starts_at, answers}'`,
        `BOOKING_ID=$(echo "$BOOKING" | jq -r .id)`,
      ].join("\n"),
      after:
        "The booking is confirmed at once (a workspace with require_verification starts it pending until the customer's 6-digit code; a paid service starts awaiting_payment), and frontdesk@harbour-hair.example gets the new booking with the customer's answer.",
    },
    {
      id: "webhook",
      title: "7. Receive webhooks",
      intro:
        "With your receiver running, register an endpoint for three of the four booking events (booking.external_conflict needs an external calendar) and keep its signing secret (shown once). Then cancel the booking: booking.cancelled is POSTed to your URL, signed, and the delivery shows in the endpoint's history. Deliveries go out in the background a few seconds later (status pending until then), so the last command waits for the first attempt's outcome: succeeded, or still pending with that attempt's last_error and the next_retry_at of the retry.",
      code: [
        `ENDPOINT=$(curl -sS --fail-with-body "$BASE/v1/webhook-endpoints" ${JSON_HEADERS} \\`,
        `  -d "{\\"url\\": \\"$WEBHOOK_URL\\", \\"events\\": [\\"booking.created\\", \\"booking.rescheduled\\", \\"booking.cancelled\\"]}")`,
        `ENDPOINT_ID=$(echo "$ENDPOINT" | jq -r .id)`,
        `WEBHOOK_SECRET=$(echo "$ENDPOINT" | jq -r .secret)`,
        `curl -sS --fail-with-body -X POST "$BASE/v1/bookings/$BOOKING_ID/cancel" -H "Authorization: Bearer $SK" | jq .status`,
        "for _ in $(seq 1 30); do",
        `  DELIVERIES=$(curl -sS --fail-with-body "$BASE/v1/webhook-endpoints/$ENDPOINT_ID/deliveries" -H "Authorization: Bearer $SK")`,
        `  [ "$(echo "$DELIVERIES" | jq '[.data[] | select(.attempts > 0 or .status != "pending")] | length')" -gt 0 ] && break`,
        "  sleep 1",
        "done",
        `echo "$DELIVERIES" | jq '.data[] | {event_type, status, attempts, response_status, last_error, next_retry_at}'`,
      ].join("\n"),
      after: "Verify each delivery's Booking-Signature with WEBHOOK_SECRET before trusting it: the webhooks guide shows how in ten lines of Node.",
    },
  ];
}
