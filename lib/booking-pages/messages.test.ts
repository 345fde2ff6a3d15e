import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import ar from "@/lib/i18n/messages/ar.json";
import es from "@/lib/i18n/messages/es.json";
import { describeError } from "./messages";
import { bookingStatusLabel, paymentStatusLabel } from "./status-labels";

describe("refusals and statuses in the page's language", () => {
  it("describes an error with the page's translator, English by default", () => {
    const taken = { kind: "http", status: 409, type: "slot_unavailable", message: "" } as const;
    expect(describeError(taken, "booking").title).toBe("That time was just taken");
    const spanish = createTranslator({ locale: "es", messages: es, namespace: "errors" });
    expect(describeError(taken, "booking", spanish)).toEqual({
      title: "Esa hora acaba de reservarse",
      body: "Otra persona la ha reservado hace un momento. Elija otra hora; sus datos se conservan.",
      retry: false,
    });
    // The envelope's reason picks the words: the business's time off and a full class never blame someone else.
    expect(describeError({ ...taken, reason: "closed" }, "booking", spanish).title).toBe("Esa hora ya no está disponible");
    expect(describeError({ ...taken, reason: "full" }, "booking").title).toBe("The last spot was just taken");
    expect(describeError({ ...taken, reason: "booked" }, "booking").title).toBe("That time was just taken");
    const arabic = createTranslator({ locale: "ar", messages: ar, namespace: "errors" });
    expect(describeError({ kind: "network" }, "availability", arabic).title).toBe("تعذّر الوصول إلى خدمة الحجز");
  });

  it("names booking and payment statuses, and an unknown one as itself", () => {
    const spanish = createTranslator({ locale: "es", messages: es, namespace: "statuses" });
    expect(bookingStatusLabel("awaiting_payment")).toEqual({ label: "Waiting for payment", tone: "warning" });
    expect(bookingStatusLabel("cancelled", spanish)).toEqual({ label: "Cancelada", tone: "danger" });
    expect(paymentStatusLabel("refund_pending", spanish)).toBe("Reembolso en camino");
    expect(bookingStatusLabel("on_the_moon", spanish)).toEqual({ label: "on the moon", tone: "neutral" });
  });
});
