import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP stand-in for the few Stripe endpoints the payment flow calls (stripe-mock
 * cannot run here and is stateless anyway). It keeps intents and refunds per connected
 * account, honours Idempotency-Key like Stripe (same key, same body → the stored response;
 * same key, other body → 400 idempotency_error), records every request as the SDK sent it
 * (Stripe-Account, Idempotency-Key, the form-encoded body), and can be told to be down.
 */
export type RecordedRequest = {
  method: string;
  path: string;
  stripeAccount: string | undefined;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  form: Record<string, string>;
};

export type StandInIntent = {
  id: string;
  object: "payment_intent";
  account: string;
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  capture_method: string;
  cancellation_reason: string | null;
};

export type StandInRefund = {
  id: string;
  object: "refund";
  account: string;
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  metadata: Record<string, string>;
};

type Stored = { fingerprint: string; status: number; body: unknown };

export type StandInMode = "up" | "down" | "refuse" | "lose-response";

export type StripeStandIn = {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, StandInIntent>;
  refunds: Map<string, StandInRefund>;
  /**
   * `down`: every request answers 500 api_error; `refuse`: connections are dropped unanswered;
   * `lose-response`: the request is carried out, then the connection drops before the answer.
   */
  setMode(mode: StandInMode): void;
  /** Status new refunds are created with (Stripe answers card refunds `pending` or `succeeded`). */
  setNewRefundStatus(status: string): void;
  /** What the customer's browser and Stripe would do: move an intent (or a refund) on. */
  setIntentStatus(id: string, status: string): StandInIntent;
  setRefundStatus(id: string, status: string): StandInRefund;
  close(): Promise<void>;
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const refunds = new Map<string, StandInRefund>();
  const idempotent = new Map<string, Stored>();
  let mode: StandInMode = "up";
  let newRefundStatus = "pending";

  const server: Server = createServer(async (req, res) => {
    if (mode === "refuse") {
      req.socket.destroy();
      return;
    }
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const form = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : raw));
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      stripeAccount: header(req, "stripe-account"),
      idempotencyKey: header(req, "idempotency-key"),
      stripeVersion: header(req, "stripe-version"),
      form,
    };
    requests.push(recorded);
    if (mode === "down") return send(res, 500, error("api_error", "Stand-in is down."));

    const storeKey = recorded.idempotencyKey && recorded.method === "POST" ? `${recorded.stripeAccount}|${recorded.idempotencyKey}` : undefined;
    const fingerprint = `${recorded.method} ${recorded.path} ${raw}`;
    const stored = storeKey ? idempotent.get(storeKey) : undefined;
    if (stored && stored.fingerprint !== fingerprint) {
      return send(res, 400, error("idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with."));
    }
    const [status, body] = stored ? [stored.status, stored.body] : handle(recorded);
    if (storeKey && !stored) idempotent.set(storeKey, { fingerprint, status, body });
    if (mode === "lose-response") {
      req.socket.destroy();
      return;
    }
    send(res, status, body, stored ? { "Idempotent-Replayed": "true" } : {});
  });

  function handle(request: RecordedRequest): [number, unknown] {
    const account = request.stripeAccount;
    if (!account) return [400, error("invalid_request_error", "This stand-in only serves connected-account (Stripe-Account) requests.")];
    const { method, path, form } = request;
    if (method === "POST" && path === "/v1/payment_intents") {
      const id = `pi_${token()}`;
      const intent: StandInIntent = {
        id,
        object: "payment_intent",
        account,
        amount: Number(form.amount),
        currency: form.currency ?? "",
        status: "requires_payment_method",
        client_secret: `${id}_secret_${token()}`,
        metadata: prefixed(form, "metadata"),
        allowed_payment_method_types: Object.entries(form)
          .filter(([name]) => name.startsWith("allowed_payment_method_types["))
          .map(([, value]) => value),
        capture_method: form.capture_method ?? "automatic_async",
        cancellation_reason: null,
      };
      intents.set(id, intent);
      return [200, intent];
    }
    const intentMatch = path.match(/^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/);
    if (intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      if (!intent || intent.account !== account) return [404, error("invalid_request_error", "No such payment_intent.", "resource_missing")];
      if (method === "GET" && !intentMatch[2]) return [200, intent];
      if (method === "POST" && intentMatch[2]) {
        if (!["requires_payment_method", "requires_confirmation", "requires_action", "requires_capture"].includes(intent.status)) {
          return [
            400,
            error(
              "invalid_request_error",
              `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              "payment_intent_unexpected_state",
            ),
          ];
        }
        intent.status = "canceled";
        intent.cancellation_reason = form.cancellation_reason ?? null;
        return [200, intent];
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(form.payment_intent ?? "");
      if (!intent || intent.account !== account) return [404, error("invalid_request_error", "No such payment_intent.", "resource_missing")];
      if (intent.status !== "succeeded")
        return [400, error("invalid_request_error", "This PaymentIntent has no successful charge to refund.", "charge_not_refundable")];
      const taken = [...refunds.values()]
        .filter((r) => r.payment_intent === intent.id && r.status !== "failed" && r.status !== "canceled")
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = form.amount ? Number(form.amount) : intent.amount - taken;
      if (amount <= 0 || taken + amount > intent.amount)
        return [400, error("invalid_request_error", "Refund amount is greater than the unrefunded amount.", "charge_already_refunded")];
      const refund: StandInRefund = {
        id: `re_${token()}`,
        object: "refund",
        account,
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: newRefundStatus,
        metadata: prefixed(form, "metadata"),
      };
      refunds.set(refund.id, refund);
      return [200, refund];
    }
    if (method === "GET" && path === "/v1/refunds") {
      const data = [...refunds.values()].filter((r) => r.account === account && r.payment_intent === form.payment_intent).reverse();
      return [200, { object: "list", url: "/v1/refunds", has_more: false, data }];
    }
    return [404, error("invalid_request_error", `Unrecognized request URL (${method}: ${path}).`)];
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    setMode: (next) => void (mode = next),
    setNewRefundStatus: (status) => void (newRefundStatus = status),
    setIntentStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`stand-in: no intent ${id}`);
      intent.status = status;
      return intent;
    },
    setRefundStatus(id, status) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`stand-in: no refund ${id}`);
      refund.status = status;
      return refund;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function token(): string {
  return randomBytes(12).toString("hex");
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function prefixed(form: Record<string, string>, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = key.match(new RegExp(`^${name}\\[(.+)\\]$`));
    if (match) out[match[1]!] = value;
  }
  return out;
}

function error(type: string, message: string, code?: string) {
  return { error: { type, message, ...(code ? { code } : {}) } };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${token()}`, ...headers });
  res.end(JSON.stringify(body));
}
