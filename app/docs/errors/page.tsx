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
          Every answer of an operation carries a <code>Request-Id</code> header; quote it when something looks wrong on our side. An unknown type should be
          treated as the class its status names.
        </li>
        <li>
          Retry only <code>rate_limited</code> (after the next minute boundary: there is no Retry-After header), <code>transient_failure</code> and{" "}
          <code>internal_error</code>. When retrying a booking, send the same <code>Idempotency-Key</code> and body: a request that did succeed is replayed,
          never booked twice.
        </li>
      </ul>
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
