import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { outboxMessages } from "@/lib/db/schema";
import { api } from "../helpers/api";
import { book, bookingRow, clientIpOf, localAt, newCustomer, setNow } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { findPart, type MimePart } from "../helpers/mime";
import { runJobs } from "../helpers/outbox";
import { addPaidService, devPayment } from "../helpers/payments";
import { currentDb } from "../helpers/test-db";
import { useSmtpServers } from "../helpers/smtp";

/** docs/decisions.md#languages: the workspace's `language`, `customer.language`, and messages written in it. */
const useSmtpServer = useSmtpServers();

async function patchWorkspace(ws: TestWorkspace, body: Record<string, unknown>) {
  const response = await api.patch("/v1/workspace", { key: ws.sk, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** A confirmed booking (the secret key books confirmed) on Wednesday 5 March 2031, 10:00 Paris time. */
async function bookConfirmed(ws: TestWorkspace, serviceId: string, customer: Record<string, unknown>) {
  const created = await book(ws, { service_id: serviceId, starts_at: "2031-03-05T10:00:00+01:00", customer: { name: "Ada Lovelace", ...customer } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.status).toBe("confirmed");
  return { id: created.body.id as string, token: created.body.access_token as string };
}

const text = (message: MimePart) => findPart(message, "text/plain")?.body ?? "";
const html = (message: MimePart) => findPart(message, "text/html")?.body ?? "";

describe("the workspace's language (GET/PATCH /v1/workspace)", () => {
  it("is en for a new workspace, takes each supported language and keeps it", async () => {
    const ws = await newWorkspace();
    expect((await api.get("/v1/workspace", { key: ws.sk })).body.language).toBe("en");
    for (const language of ["es", "fr", "de", "pt", "ar", "en"]) {
      expect((await patchWorkspace(ws, { language })).language).toBe(language);
      expect((await api.get("/v1/workspace", { key: ws.sk })).body.language).toBe(language);
    }
  });
});

describe("customer.language on POST /v1/bookings", () => {
  it("is stored with the booking and returned by the public booking read; absent, the read says null", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const spoken = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer({ language: "pt" }) }, { key: ws.pk });
    expect(spoken.status, JSON.stringify(spoken.body)).toBe(201);
    expect((await bookingRow(spoken.body.id)).customerLanguage).toBe("pt");
    expect((await api.get(`/v1/public/bookings/${spoken.body.access_token}`)).body.booking.customer.language).toBe("pt");

    const silent = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "12:00") }, { key: ws.pk });
    expect(silent.status).toBe(201);
    expect((await bookingRow(silent.body.id)).customerLanguage).toBeNull();
    expect((await api.get(`/v1/public/bookings/${silent.body.access_token}`)).body.booking.customer.language).toBeNull();
  });

  for (const language of ["it", "EN", "es-ES", "", 42, null]) {
    it(`refuses ${JSON.stringify(language)} with 422 customer.language, booking nothing`, async () => {
      const ws = await newWorkspace();
      const service = await addService(ws);
      const refused = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer({ language }) });
      expectError(refused, 422, "validation_failed", "customer.language");
      expect((await api.get("/v1/bookings", { key: ws.sk })).body.data).toEqual([]);
    });
  }
});

describe("emails and reminders in the booking's language, over real SMTP", () => {
  it("a page switched to French after the hold: the code confirms in French, and the confirmation is written in it", async () => {
    const server = await useSmtpServer();
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    await patchWorkspace(ws, { require_verification: true });
    const service = await addService(ws, { name: "Color", durationMinutes: 60 });
    await setNow("2031-03-03T08:00:00Z");
    const email = `lea-${ws.id.slice(0, 8)}@example.com`;
    const held = await book(
      ws,
      // Another week than the other tests' bookings, whose reminder counts would otherwise include this one.
      { service_id: service.id, starts_at: "2031-03-19T10:00:00+01:00", customer: { name: "Léa", email, language: "en" } },
      { key: ws.pk },
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    await runJobs();
    const code = server.received.find((message) => message.to === email)!;
    expect(code.message.headers.subject).toMatch(/code/i);
    const digits = /\b(\d{6})\b/.exec(text(code.message))![1];
    // An unknown language is refused like any bad field, and spends no attempt on the code.
    const refused = await api.post(`/v1/bookings/${held.body.id}/verify`, { key: ws.pk, body: { code: digits, language: "xx" }, headers: clientIpOf(ws) });
    expectError(refused, 422, "validation_failed", "language");
    const verified = await api.post(`/v1/bookings/${held.body.id}/verify`, { key: ws.pk, body: { code: digits, language: "fr" }, headers: clientIpOf(ws) });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await bookingRow(held.body.id)).customerLanguage).toBe("fr");
    await runJobs();
    const confirmation = server.received.filter((message) => message.to === email)[1]!;
    expect(html(confirmation.message)).toContain('<html lang="fr" dir="ltr">');
    expect(text(confirmation.message)).toContain("Votre réservation chez");
  });

  it("Spanish, from the workspace's language when the customer gave none: confirmation and reminder, subject and body", async () => {
    const server = await useSmtpServer();
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    await patchWorkspace(ws, { name: "Estudio Norte", language: "es", contact_email: "hola@estudio.test", address: "Calle Mayor 1, Madrid" });
    const service = await addService(ws, { name: "Color", durationMinutes: 60 });
    await setNow("2031-03-03T08:00:00Z");
    const email = `ana-${ws.id.slice(0, 8)}@example.com`;
    const booking = await bookConfirmed(ws, service.id, { name: "Ana", email, timezone: "America/Mexico_City" });
    await runJobs();

    const [confirmation] = server.received.filter((message) => message.to === email);
    expect(confirmation!.message.headers.subject).toBe("Reserva confirmada con Estudio Norte");
    const body = text(confirmation!.message);
    expect(body).toContain("Hola, Ana:");
    expect(body).toContain("Su reserva con Estudio Norte está confirmada.");
    expect(body).toContain("Servicio: Color");
    expect(body).toContain("Cuándo: miércoles, 5 de marzo de 2031, 10:00–11:00 (hora de París)");
    expect(body).toContain("Su hora: miércoles, 5 de marzo de 2031, 3:00–4:00 (hora de Ciudad de México)");
    expect(body).toContain("Dónde: Calle Mayor 1, Madrid");
    expect(body).toContain(`Para ver, cambiar o cancelar su reserva, use este enlace:\nhttp://localhost:3000/manage/${booking.token}`);
    expect(body).not.toMatch(/\b(Hello|Your booking|Service:|When:|Manage your booking)\b/);
    expect(html(confirmation!.message)).toContain('<html lang="es" dir="ltr">');

    await setNow("2031-03-04T09:00:05Z");
    expect((await runJobs()).reminders).toBe(1);
    const reminder = server.received.filter((message) => message.to === email)[1]!;
    expect(reminder.message.headers.subject).toBe("Recordatorio: Color con Estudio Norte, miércoles, 5 de marzo de 2031, 10:00–11:00 (hora de París)");
    expect(text(reminder.message)).toContain("Le recordamos su reserva con Estudio Norte el miércoles, 5 de marzo de 2031, 10:00–11:00 (hora de París).");
    expect(text(reminder.message)).toContain("Contacto de Estudio Norte\nDirección: Calle Mayor 1, Madrid\nCorreo electrónico: hola@estudio.test");
  });

  it("Arabic, from customer.language over an English workspace: right-to-left HTML, confirmation and reminder, subject and body, and the SMS", async () => {
    const server = await useSmtpServer();
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    await patchWorkspace(ws, { name: "Studio North", sms_enabled: true, reminders: [{ minutes_before: 1440, channels: ["email", "sms"] }] });
    const service = await addService(ws, { name: "Colour", durationMinutes: 60 });
    await setNow("2031-03-03T08:00:00Z");
    const email = `layla-${ws.id.slice(0, 8)}@example.com`;
    const phone = `+3361${ws.id.replace(/\D/g, "").padEnd(7, "1").slice(0, 7)}`;
    await bookConfirmed(ws, service.id, { name: "ليلى", email, phone, language: "ar" });
    await runJobs();

    const [confirmation] = server.received.filter((message) => message.to === email);
    expect(confirmation!.message.headers.subject).toBe("تأكيد حجزك لدى \u2068Studio North\u2069");
    const body = text(confirmation!.message);
    expect(body).toContain("مرحبًا ليلى،");
    expect(body).toContain("تم تأكيد حجزك لدى \u2068Studio North\u2069.");
    expect(body).toContain("\u2068الخدمة\u2069: \u2068Colour\u2069");
    expect(body).toContain("\u2068الموعد\u2069: \u2068الأربعاء، 5 مارس 2031، 10:00 ص–11:00 ص (بتوقيت باريس)\u2069");
    const page = html(confirmation!.message);
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('<body dir="rtl"');
    expect(page).toContain('<th align="right" valign="top" width="35%"><bdi>الخدمة</bdi></th><td dir="auto">Colour</td>');

    await setNow("2031-03-04T09:00:05Z");
    await runJobs();
    const reminder = server.received.filter((message) => message.to === email)[1]!;
    expect(reminder.message.headers.subject).toBe(
      "تذكير: \u2068Colour\u2069 لدى \u2068Studio North\u2069، الأربعاء، 5 مارس 2031، 10:00 ص–11:00 ص (بتوقيت باريس)",
    );
    expect(text(reminder.message)).toContain("نذكّرك بحجزك لدى \u2068Studio North\u2069 في الأربعاء، 5 مارس 2031، 10:00 ص–11:00 ص (بتوقيت باريس).");
    expect(html(reminder.message)).toContain('dir="rtl"');

    const texts = await currentDb().db.select().from(outboxMessages).where(eq(outboxMessages.to, phone)).orderBy(outboxMessages.position);
    expect(texts.map((row) => row.text)).toEqual([
      expect.stringMatching(
        /^\u2068Studio North\u2069: تم تأكيد حجزك \(\u2068Colour\u2069\) في 5 مارس، 10:00 ص \(بتوقيت باريس\)\. إدارة الحجز: http:\/\/localhost:3000\/manage\//,
      ),
      expect.stringMatching(/^تذكير: \u2068Studio North\u2069، \u2068Colour\u2069 مع \u2068Alex\u2069 في 5 مارس، 10:00 ص \(بتوقيت باريس\)\. إدارة الحجز: http/),
    ]);
  });
});

describe("what was paid, in the emails", () => {
  it("the confirmation after a deposit shows the price, what was paid now and the balance; the cancellation names the refund", async () => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    await patchWorkspace(ws, { currency: "eur" });
    const { service } = await addPaidService(ws, { paymentMode: "deposit_fixed", priceCents: 8_000, depositAmountCents: 2_000 });
    const email = `deposit-${ws.id.slice(0, 8)}@example.com`;
    const created = await book(
      ws,
      { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer({ email, language: "fr" }) },
      { key: ws.pk },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await devPayment(created.body.id, "succeed")).body.booking_status).toBe("confirmed");

    const messages = async () => currentDb().db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(outboxMessages.position);
    const [confirmation] = await messages();
    expect(confirmation!.subject).toMatch(/^Réservation confirmée chez /);
    // French writes a (narrow) no-break space before the euro sign.
    expect(confirmation!.text).toMatch(/Prix\u202f: 80,00\s€\nRéglé à la réservation\u202f: 20,00\s€\nReste à régler sur place\u202f: 60,00\s€/);
    // What was paid sits in the booking's own table, its columns lined up with the rest: no table ends between them.
    const page = confirmation!.html!;
    expect(page.indexOf("Référence de la réservation")).toBeGreaterThan(0);
    expect(page.slice(page.indexOf("Référence de la réservation"), page.indexOf("Reste à régler sur place"))).not.toContain("</table>");

    expect((await api.post(`/v1/bookings/${created.body.id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    const cancellation = (await messages()).at(-1)!;
    expect(cancellation.subject).toMatch(/^Réservation annulée chez /);
    expect(cancellation.text).toMatch(/Vous serez remboursé de 20,00\s€ sur la carte utilisée pour le paiement\./);
  });

  it("in English: a full payment reads as paid; a cancellation with refund: false names no refund", async () => {
    const ws = await newWorkspace();
    const { service } = await addPaidService(ws, { paymentMode: "full", priceCents: 4_500 });
    const email = `full-${ws.id.slice(0, 8)}@example.com`;
    const created = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer({ email }) }, { key: ws.pk });
    expect(created.status).toBe(201);
    await devPayment(created.body.id, "succeed");
    const messages = async () => currentDb().db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(outboxMessages.position);
    const [confirmation] = await messages();
    expect(confirmation!.text).toContain("Paid: $45.00");
    expect(confirmation!.text).not.toContain("Balance due");
    expect((await api.post(`/v1/bookings/${created.body.id}/cancel`, { key: ws.sk, body: { refund: false } })).status).toBe(200);
    const cancellation = (await messages()).at(-1)!;
    expect(cancellation.subject).toMatch(/^Booking cancelled with /);
    expect(cancellation.text).not.toMatch(/refund/i);
  });
});
