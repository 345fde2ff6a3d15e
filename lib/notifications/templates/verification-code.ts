import { oneLine } from "./format";
import { appointmentDetails, paragraph, renderEmail } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/** The 6-digit code that confirms a held booking. */
export function renderVerificationCodeEmail(data: BookingMessageData): EmailContent {
  const title = `Your code for ${data.workspace.name}`;
  const body = renderEmail(title, [
    paragraph(`Hello ${data.customer.name},`),
    paragraph(`Your confirmation code is ${data.code ?? ""}. Enter it to confirm your booking; it expires in a few minutes.`),
    appointmentDetails(data),
    paragraph("If you did not request this booking, ignore this email and the time will be released."),
  ]);
  return { subject: oneLine(`${data.code ?? ""} is your code for ${data.workspace.name}`), ...body, attachments: [] };
}
