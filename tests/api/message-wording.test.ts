import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { book, setNow } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { newWorkspace } from "../helpers/fixtures";
import { findPart, type MimePart } from "../helpers/mime";
import { runJobs } from "../helpers/outbox";
import { useSmtpServers, type SmtpServer } from "../helpers/smtp";

/**
 * How the emails word a booking (issue 40): zones named as the pages name them, dates and phones as the
 * workspace's country writes them, yes/no answers in words, French label rows, Arabic with Latin runs isolated.
 * Everything over a real SMTP server, text and HTML parts.
 */
const useSmtpServer = useSmtpServers();

const FSI = "\u2068";
const PDI = "\u2069";
const textOf = (message: MimePart) => findPart(message, "text/plain")!.body;
const htmlOf = (message: MimePart) => findPart(message, "text/html")!.body;
const mailTo = (server: SmtpServer, address: string) => server.received.filter((item) => item.to === address).map((item) => item.message);

/** A New York studio that notifies `desk@…` and asks a checkbox question; booked through the API with no customer locale. */
async function newYorkStudio(settings: Record<string, unknown> = {}) {
  const ws = await newWorkspace({ timezone: "America/New_York" });
  const desk = `desk-${ws.id.slice(0, 8)}@studio.test`;
  const patched = await api.patch("/v1/workspace", {
    key: ws.sk,
    body: { name: "Studio North", contact_email: desk, contact_phone: "+12125550100", reminders: [], ...settings },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const service = await addService(ws, { name: "Colour", durationMinutes: 60 });
  const question = await api.post("/v1/questions", { key: ws.sk, body: { label: "First visit?", type: "checkbox", position: 1 } });
  expect(question.status, JSON.stringify(question.body)).toBe(201);
  await setNow("2026-11-25T12:00:00Z");
  return { ws, service, desk, questionId: question.body.id as string };
}

async function bookMonday(studio: Awaited<ReturnType<typeof newYorkStudio>>, customer: Record<string, unknown>) {
  const created = await book(studio.ws, {
    service_id: studio.service.id,
    starts_at: "2026-11-30T10:00:00-05:00",
    customer: { name: "Ada Lovelace", phone: "+12125550123", ...customer },
    answers: [{ question_id: studio.questionId, value: "false" }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await runJobs();
}

describe("emails name zones, dates and phones as the workspace's pages do", () => {
  it("a US business reads US dates, national phones, the zone by its city and a checkbox as Yes/No; the customer too", async () => {
    const server = await useSmtpServer();
    const studio = await newYorkStudio();
    const customer = `ada-${studio.ws.id.slice(0, 8)}@example.com`;
    await bookMonday(studio, { email: customer });

    const [business] = mailTo(server, studio.desk);
    const text = textOf(business!);
    expect(text).toMatch(/When: Monday, November 30, 2026, 10:00\sAM–11:00\sAM \(New York time\)/);
    expect(text).toContain("Phone: (212) 555-0123");
    expect(text).toContain("First visit?: No");
    expect(text).not.toContain("America/New_York");
    const html = htmlOf(business!);
    expect(html).toContain("(New York time)");
    expect(html).toContain("<td>(212) 555-0123</td>");
    expect(html).toContain("<td>No</td>");

    const [confirmation] = mailTo(server, customer);
    expect(textOf(confirmation!)).toMatch(/When: Monday, November 30, 2026, 10:00\sAM–11:00\sAM \(New York time\)/);
    expect(textOf(confirmation!)).toContain("Phone: (212) 555-0100");
    expect(htmlOf(confirmation!)).toContain("(New York time)");
    expect(htmlOf(confirmation!)).not.toContain("America/New_York");
  });

  it("in French: the zone as « heure de New York », and a narrow no-break space before each row's colon", async () => {
    const server = await useSmtpServer();
    const studio = await newYorkStudio({ language: "fr" });
    const customer = `ada-${studio.ws.id.slice(0, 8)}@example.com`;
    await bookMonday(studio, { email: customer, language: "fr" });

    const confirmation = textOf(mailTo(server, customer)[0]!);
    expect(confirmation).toContain("Prestation\u202f: Colour");
    expect(confirmation).toMatch(/Date et heure\u202f: lundi 30 novembre 2026, 10:00–11:00 \(heure de New York\)/);
    expect(confirmation).toContain("Téléphone\u202f: (212) 555-0100");
    expect(confirmation).not.toMatch(/\S: /);
    const business = mailTo(server, studio.desk)[0]!;
    expect(textOf(business)).toContain("First visit?\u202f: Non");
    expect(textOf(business)).toContain("Téléphone\u202f: (212) 555-0123");
    expect(htmlOf(business)).toContain("(heure de New York)");
  });

  it("in Arabic: Latin names, phones, addresses and question labels are isolated, and the first line keeps the customer and the service apart", async () => {
    const server = await useSmtpServer();
    const studio = await newYorkStudio({ language: "ar" });
    const customer = `ada-${studio.ws.id.slice(0, 8)}@example.com`;
    await bookMonday(studio, { email: customer, phone: "+33612345678", language: "ar" });

    const business = mailTo(server, studio.desk)[0]!;
    expect(business.headers.subject).toBe(`حجز جديد: ${FSI}Ada Lovelace${PDI}، ${FSI}Colour${PDI}`);
    const text = textOf(business);
    expect(text.split("\n")[0]).toBe(`حجز ${FSI}Ada Lovelace${PDI} موعدًا لـ ${FSI}Colour${PDI} مع ${FSI}Alex${PDI}.`);
    expect(text).toContain(`${FSI}+33 6 12 34 56 78${PDI}`);
    expect(text).toContain(`${FSI}First visit?${PDI}: ${FSI}لا${PDI}`);
    expect(text).toContain(`(بتوقيت نيويورك)`);
    const html = htmlOf(business);
    expect(html).toContain('<td dir="auto">+33 6 12 34 56 78</td>');
    expect(html).toContain("<bdi>First visit?</bdi>");
    expect(html).toContain(`<td dir="auto">${customer}</td>`);

    const confirmation = mailTo(server, customer)[0]!;
    expect(textOf(confirmation)).toContain(`${FSI}Studio North${PDI}`);
    expect(htmlOf(confirmation)).toContain('<td dir="auto">Colour</td>');
  });
});

describe("a cancellation by the business, as the customer reads it", () => {
  it("says the business cancelled, gives the reason sent with the cancel and links to the booking page; a customer's own cancel does not", async () => {
    const server = await useSmtpServer();
    const studio = await newYorkStudio();
    const customer = `ada-${studio.ws.id.slice(0, 8)}@example.com`;
    await bookMonday(studio, { email: customer });
    const [booking] = (await api.get("/v1/bookings", { key: studio.ws.sk })).body.data as { id: string }[];
    const cancelled = await api.post(`/v1/bookings/${booking!.id}/cancel`, { key: studio.ws.sk, body: { reason: "Our colourist is ill <sorry>" } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await runJobs();

    const cancellation = mailTo(server, customer).at(-1)!;
    expect(cancellation.headers.subject).toBe("Booking cancelled with Studio North");
    const bookingPage = `http://localhost:3000/book/${studio.ws.slug}`;
    const text = textOf(cancellation);
    expect(text).toContain("Studio North has cancelled your booking.");
    expect(text).not.toContain("Your booking with Studio North has been cancelled.");
    expect(text).toContain("Their reason: Our colourist is ill <sorry>");
    expect(text).toContain(`To book another time, use this link:\n${bookingPage}`);
    const html = htmlOf(cancellation);
    expect(html).toContain("Their reason: Our colourist is ill &lt;sorry&gt;");
    expect(html).toContain(`<a href="${bookingPage}">Book again</a>`);

    // The customer's own cancellation (through their link) keeps the plain wording.
    const other = `grace-${studio.ws.id.slice(0, 8)}@example.com`;
    const created = await book(studio.ws, {
      service_id: studio.service.id,
      starts_at: "2026-11-30T13:00:00-05:00",
      customer: { name: "Grace Hopper", email: other },
      answers: [{ question_id: studio.questionId, value: "true" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const own = await api.post(`/v1/public/bookings/${created.body.access_token}/cancel`, { body: { reason: "Changed plans" } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    await runJobs();
    const theirs = textOf(mailTo(server, other).at(-1)!);
    expect(theirs).toContain("Your booking with Studio North has been cancelled.");
    expect(theirs).not.toContain("Changed plans");
    expect(theirs).not.toContain("/book/");
  });
});
