import { createTransport } from "nodemailer";
import { Resend } from "resend";
import { getConfig, type Config } from "@/lib/config";
import type { OutboxAttachment } from "@/lib/db/schema";

/**
 * The ports messages leave through. A null port means the outbox row itself is the delivery
 * (no RESEND_API_KEY or SMTP_URL, no TWILIO_*): the row is marked sent and /dev/outbox shows it.
 * Every port sends under the outbox row's id: Resend takes it as the Idempotency-Key (a second
 * send of one row is recognised: exactly once); SMTP carries it in the Message-ID (a second copy
 * after a crash is the same message: at least once). Why: docs/idempotency.md#email-exactly-once.
 */
export type OutgoingEmail = {
  /**
   * The outbox row's id: the Message-ID names it, so the rare second copy of one row (the
   * process died between the server's acceptance and the row's mark) is the same message to
   * every mailbox that dedupes on Message-ID (docs/idempotency.md).
   */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The business's contact address, so a customer's reply reaches the business. */
  replyTo?: string | null;
  attachments: OutboxAttachment[];
};
export type OutgoingSms = { to: string; body: string };

export type Mailer = { send(email: OutgoingEmail): Promise<void> };
export type SmsSender = { send(sms: OutgoingSms): Promise<void> };
export type MessageTransports = { mailer: Mailer | null; sms: SmsSender | null };

/** Cut-off for one SMTP conversation or Twilio request, so a hung provider cannot hold a sweep. */
export const SEND_TIMEOUT_MS = 10_000;

type NodemailerTransport = { sendMail(message: Record<string, unknown>): Promise<unknown> };

/** Any nodemailer transport in this thread (tests: jsonTransport/streamTransport). */
export function createNodemailerMailer(transport: NodemailerTransport, from: string): Mailer {
  return {
    async send(email) {
      await transport.sendMail(mailOptions(email, from));
    },
  };
}

/** SMTP through nodemailer; its time-outs beside the url apply where the url does not set them. */
function createSmtpMailer(url: string, from: string): Mailer {
  const options = { connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS };
  return createNodemailerMailer(createTransport({ url, ...options }), from);
}

/** RFC 3834: every message we send is automated, so auto-responders do not answer it. */
const AUTOMATED_HEADERS = { "Auto-Submitted": "auto-generated" };

/**
 * Email through Resend's API (the official SDK; RESEND_BASE_URL points it at a stand-in in
 * tests). The row's id is the request's Idempotency-Key: a row sent again after a kill (Resend
 * accepted it, the process died before the row was marked) is answered from Resend's record for
 * 24 hours instead of going out twice. A refusal (4xx, 5xx, no answer) throws, so the row's
 * attempt is counted and retried on the outbox's schedule.
 */
export function createResendMailer(resend: NonNullable<Config["resend"]>, from: string): Mailer {
  const client = new Resend(resend.apiKey, { baseUrl: resend.baseUrl });
  return {
    async send(email) {
      const { error } = await client.emails.send(
        {
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
          headers: AUTOMATED_HEADERS,
          attachments: email.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            // The SDK sends a string as base64 already; ours are text (the calendar file).
            content: Buffer.from(attachment.content, "utf8"),
          })),
        },
        { ...(email.id ? { idempotencyKey: email.id } : {}), signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      );
      if (error) throw new Error(`Resend answered ${error.statusCode ?? "nothing"} ${error.name}: ${error.message}`);
    },
  };
}

/** nodemailer's message for one email. */
function mailOptions(email: OutgoingEmail, from: string): Record<string, unknown> {
  return {
    from,
    ...(email.id ? { messageId: `<${email.id}@${domainOf(from)}>` } : {}),
    to: email.to,
    subject: email.subject,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    headers: AUTOMATED_HEADERS,
    text: email.text,
    ...(email.html ? { html: email.html } : {}),
    attachments: email.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
  };
}

/** The sending address's domain ("Booking <no-reply@example.com>" → example.com), for Message-IDs. */
function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
}

/**
 * Twilio's Messages API: form body, basic auth. A `from` starting with MG is a Messaging
 * Service, sent as MessagingServiceSid so Twilio picks the number. A refusal throws with
 * Twilio's status and answer.
 */
export function createTwilioSender(twilio: NonNullable<Config["twilio"]>): SmsSender {
  const url = `${twilio.baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString("base64")}`;
  const headers = { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  return {
    async send(sms) {
      const form = new URLSearchParams({ To: sms.to, Body: sms.body });
      form.set(/^MG[0-9a-f]{32}$/i.test(twilio.from) ? "MessagingServiceSid" : "From", twilio.from);
      const response = await fetch(url, { method: "POST", headers, body: form.toString(), signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      if (response.ok) return;
      const detail = await response.text().catch(() => "");
      throw new Error(`Twilio answered ${response.status}: ${detail.slice(0, 300)}`);
    },
  };
}

let configuredMailer: { config: Config; mailer: Mailer | null } | undefined;
let override: Partial<MessageTransports> | undefined;

/** The transports the settings select; tests may swap either port. */
export function getMessageTransports(): MessageTransports {
  const config = getConfig();
  return {
    mailer: override && "mailer" in override ? override.mailer! : mailerFor(config),
    sms: override && "sms" in override ? override.sms! : config.twilio ? createTwilioSender(config.twilio) : null,
  };
}

export function setMessageTransportsForTesting(transports: Partial<MessageTransports> | undefined): void {
  override = transports;
}

/** Resend when RESEND_API_KEY is set, else SMTP when SMTP_URL is, else none; made once per settings (getConfig keeps one object). */
function mailerFor(config: Config): Mailer | null {
  if (configuredMailer?.config === config) return configuredMailer.mailer;
  const mailer = config.resend
    ? createResendMailer(config.resend, config.emailFrom)
    : config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.emailFrom)
      : null;
  configuredMailer = { config, mailer };
  return mailer;
}
