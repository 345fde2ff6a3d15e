import type { Metadata } from "next";
import { CodeBlock } from "@/components/docs/code-block";
import { Guide, GuideTable } from "@/components/docs/guide";
import { ERROR_TYPES } from "@/lib/errors";
import { HTTP_STATUS_BY_ERROR_TYPE } from "@/lib/openapi/status";
import { ERROR_TYPE_GUIDE } from "@/lib/openapi/errors";

export const metadata: Metadata = { title: "Errors" };

const ENVELOPE = `HTTP/1.1 422 Unprocessable Entity
Content-Type: application/json
Request-Id: req_4f6c2d1e9a8b47c3b2a1d0e9f8c7b6a5

{"error": {"type": "validation_failed", "message": "starts_at: Invalid ISO datetime", "param": "starts_at"}}`;

// GET /docs/errors – the envelope, every error type with its status, and when to retry
export default function ErrorsGuide() {
  return (
    <Guide
      title="Errors"
      lead="Every error under /v1 is JSON in one envelope, with a stable type to match on. Each operation in the reference lists exactly the types each of its statuses can carry."
      next={{ href: "/docs", label: "The API reference" }}
    >
      <CodeBlock language="http" label="An error response" code={ENVELOPE} />
      <ul>
        <li>
          <code>type</code> is stable: match on it. <code>message</code> is for people and may change.
        </li>
        <li>
          <code>param</code> is present only on a 422 that names one field (a dotted path for nested fields, such as <code>customer.email</code>).
        </li>
        <li>
          A 402 <code>plan_limit_exceeded</code> adds <code>dimension</code> (<code>bookings</code>, <code>staff</code> or <code>workspaces</code>) for a secret
          key, and <code>limit</code> and <code>used</code> for an account key.
        </li>
        <li>
          A 409 <code>slot_unavailable</code> for one time adds <code>reason</code>: <code>booked</code> (a booking took it), <code>closed</code> (the business
          is unavailable then) or <code>full</code> (the last seat of a group session went). Match on it to tell your customer why.
        </li>
        <li>
          Every answer of an operation carries a <code>Request-Id</code> header; quote it when something looks wrong on our side. An unknown type should be
          treated as the class its status names.
        </li>
        <li>
          Retry only <code>rate_limited</code> (after the next minute boundary: there is no Retry-After header), <code>transient_failure</code> and{" "}
          <code>internal_error</code>. When retrying a booking, send the same <code>Idempotency-Key</code> and body: a request that did succeed is replayed,
          never booked twice.
        </li>
      </ul>
      <h2 id="retrying-writes">Sending a write again after a lost answer</h2>
      <p>
        A timeout or a dropped connection does not tell you whether a write happened. Send it again as follows; none of these makes a second booking, a second
        email or a second webhook.
      </p>
      <GuideTable caption="Retrying writes">
        <thead>
          <tr>
            <th scope="col">Write</th>
            <th scope="col">How to send it again</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>POST /v1/bookings</code>, and on a booking <code>/cancel</code>, <code>/reschedule</code>, <code>/confirm</code>, <code>/verify</code>,{" "}
              <code>/no-show</code> (POST and DELETE)
            </td>
            <td>
              With the same <code>Idempotency-Key</code> and body. The key is recorded in the same transaction as the work: if the first attempt committed, the
              repeat answers as it did (<code>Idempotent-Replayed: true</code>), even when our server died before answering; if it did not, the repeat runs as
              the first. A repeat sent while the first still runs waits for it. Without a key, a repeat answers as for a second attempt (for example 409{" "}
              <code>booking_not_cancellable</code>).
            </td>
          </tr>
          <tr>
            <td>
              <code>PATCH</code> and <code>PUT</code> of settings; <code>DELETE</code> of a record
            </td>
            <td>As they are: they set a state, and a repeat sets the same one (a repeated delete answers 404, the record is gone either way).</td>
          </tr>
          <tr>
            <td>
              <code>POST</code> creates of services, staff, questions, categories, webhook endpoints, keys and workspaces
            </td>
            <td>Not keyed: list the collection first and send again only when the record is not there.</td>
          </tr>
          <tr>
            <td>
              <code>POST /v1/bookings/&#123;id&#125;/resend-code</code>
            </td>
            <td>As it is: a repeat sends another code, and the newest one works (at most 3 resends).</td>
          </tr>
          <tr>
            <td>The public token routes (the manage link)</td>
            <td>
              Read <code>GET /v1/public/bookings/&#123;token&#125;</code> first: a cancel retires the token (a repeat answers 404), a reschedule to the start
              the booking already has moves nothing.
            </td>
          </tr>
        </tbody>
      </GuideTable>
      <h2>Every type</h2>
      <GuideTable caption="Error types">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">type</th>
            <th scope="col">Meaning</th>
            <th scope="col">Retry?</th>
          </tr>
        </thead>
        <tbody>
          {ERROR_TYPES.map((type) => (
            <tr key={type} id={type}>
              <td>{HTTP_STATUS_BY_ERROR_TYPE[type]}</td>
              <td>
                <code>{type}</code>
              </td>
              <td>{ERROR_TYPE_GUIDE[type].meaning}</td>
              <td>{ERROR_TYPE_GUIDE[type].retry}</td>
            </tr>
          ))}
        </tbody>
      </GuideTable>
    </Guide>
  );
}
