import { isolate, oneLine } from "./format";
import { appointmentDetails, paragraph, renderEmail, speechFor } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/** The 6-digit code that confirms a held booking. */
export function renderVerificationCodeEmail(data: BookingMessageData): EmailContent {
  const speech = speechFor(data);
  const { t } = speech;
  const business = isolate(data.workspace.name, speech.locale);
  const code = data.code ?? "";
  const title = t("email.verification.title", { business });
  const body = renderEmail(
    title,
    [
      paragraph(t("email.greeting", { name: data.customer.name })),
      paragraph(t("email.verification.lead", { code })),
      appointmentDetails(data, speech),
      paragraph(t("email.verification.ignore")),
    ],
    speech,
  );
  return { subject: oneLine(t("email.verification.subject", { code, business })), ...body, attachments: [] };
}
