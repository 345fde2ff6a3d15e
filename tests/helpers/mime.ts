/**
 * A small MIME reader for tests: enough to take apart what nodemailer's streamTransport
 * writes (multipart nesting, base64, quoted-printable, RFC 2047 encoded headers).
 */
export type MimePart = { headers: Record<string, string>; body: string; parts: MimePart[] };

export function parseMime(raw: string): MimePart {
  const normalized = raw.replace(/\r\n/g, "\n");
  const split = normalized.indexOf("\n\n");
  const headerText = split === -1 ? normalized : normalized.slice(0, split);
  const bodyText = split === -1 ? "" : normalized.slice(split + 2);
  const headers = parseHeaders(headerText);
  const contentType = headers["content-type"] ?? "text/plain";
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const chunks = bodyText.split(`--${boundary}`).slice(1);
    const parts = chunks.filter((chunk) => !chunk.startsWith("--")).map((chunk) => parseMime(chunk.replace(/^\n/, "")));
    return { headers, body: "", parts };
  }
  return { headers, body: decodeBody(bodyText, headers["content-transfer-encoding"]), parts: [] };
}

/** Every leaf part, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leafParts);
}

export function findPart(message: MimePart, contentTypePrefix: string): MimePart | undefined {
  return leafParts(message).find((part) => (part.headers["content-type"] ?? "").toLowerCase().startsWith(contentTypePrefix));
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding = "7bit"): string {
  const trimmed = body.replace(/\n$/, "");
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(trimmed.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(trimmed);
    default:
      return trimmed;
  }
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}
