import { loadBaseContext } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { readRawBody } from "@/lib/http/body";
import { errorResponse, INTERNAL_ERROR } from "@/lib/http/envelope";
import { handleStripeEvent } from "@/lib/payments/handle-stripe-event";
import { ProcessorUnavailableError } from "@/lib/payments/processor";
import { logError } from "@/lib/log/logger";

// POST /api/stripe/webhook – Stripe Connect events (the Stripe-Signature header over the raw
// body is the credential; 404 unless STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set).
// 200 {received, outcome} once applied, deduplicated or ignored; 503 when Stripe could not be
// re-read, so Stripe delivers the event again.
export async function POST(request: Request): Promise<Response> {
  try {
    const ctx = await loadBaseContext("req");
    const rawBody = await readRawBody(request);
    const result = await handleStripeEvent(ctx, { rawBody, signature: request.headers.get("stripe-signature") });
    return Response.json({ received: true, ...result });
  } catch (error) {
    if (error instanceof DomainError) return errorResponse(error, "none");
    if (error instanceof ProcessorUnavailableError) {
      return errorResponse(new DomainError("transient_failure", "Stripe could not be reached to re-read the payment. Deliver again."), "none");
    }
    logError("[stripe webhook] unhandled error", error);
    return errorResponse(INTERNAL_ERROR, "none");
  }
}

const notAllowed = async () => errorResponse(new DomainError("method_not_allowed", "This path serves POST."), "none", { Allow: "POST" });
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
