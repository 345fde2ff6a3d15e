import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { conflict, notFound } from "@/lib/errors";
import { parseWith } from "@/lib/http/route";
import { CreateMemberBody } from "@/lib/members/schemas";
import { ServiceBody } from "@/lib/services/schemas";
import { checkWorkingHours } from "@/lib/staff/working-hours-rules";
import { UpdateWorkspaceBody } from "@/lib/workspaces/schemas";
import { LOCALES } from "./locales";
import { MESSAGES } from "./messages";
import { REFUSAL_WORDS, refusalOf, refusalWording, type RawRefusal } from "./refusal-wording";

/** The refusal a verb throws, as a console form reads it. */
function refused(run: () => unknown): RawRefusal {
  try {
    run();
  } catch (error) {
    return refusalOf(error);
  }
  throw new Error("expected a refusal");
}

const profile = (body: Record<string, unknown>) => refused(() => parseWith(UpdateWorkspaceBody, body));

describe("the words a page has for a refusal", () => {
  it("says what a field's format asks for, from the API's own schemas", () => {
    expect(refusalWording(profile({ contact_phone: "12345" }))).toEqual({ word: "phone" });
    expect(refusalWording(profile({ brand_color: "teal" }))).toEqual({ word: "color" });
    expect(refusalWording(profile({ website_url: "not a url" }))).toEqual({ word: "url" });
    const price = refused(() => parseWith(ServiceBody, { name: "Cut", duration_minutes: 30, payment_mode: "none", price_cents: "45,5x" }));
    expect(price.param).toBe("price_cents");
    expect(refusalWording(price)).toEqual({ word: "amount" });
    expect(refusalWording(refused(() => parseWith(CreateMemberBody, { email: "not-an-email", role: "staff" })))).toEqual({ word: "email" });
    expect(refusalWording(refused(() => parseWith(CreateMemberBody, { email: "a@b.example", role: "boss" })))).toEqual({ word: "choice" });
  });

  it("says presence and length before format, with the schema's bound", () => {
    expect(refusalWording(profile({ name: "" }))).toEqual({ word: "required" });
    const long = refusalWording(profile({ name: "x".repeat(500) }));
    expect(long.word).toBe("tooLong");
    expect(long.values?.maximum).toBeGreaterThan(0);
  });

  it("words the verbs' own rules by the field they name", () => {
    const backwards = refused(() => checkWorkingHours([{ weekday: 1, start_minute: 600, end_minute: 540 }]));
    expect(refusalWording(backwards)).toEqual({ word: "endAfterStart" });
    const overlapping = refused(() =>
      checkWorkingHours([
        { weekday: 1, start_minute: 540, end_minute: 720 },
        { weekday: 1, start_minute: 700, end_minute: 900 },
      ]),
    );
    expect(refusalWording(overlapping)).toEqual({ word: "overlap" });
    // The URL policy or an unreadable feed refuses the address itself, not its form.
    expect(refusalWording({ error: "validation_failed", param: "url", message: "url is not a public address." })).toEqual({ word: "address" });
  });

  it("words conflicts and other refusals by type", () => {
    const lastOwner = conflict("An account keeps at least one owner: add or promote another owner first.");
    expect(refusalWording({ error: lastOwner.type, param: "member.0b7f", message: lastOwner.message })).toEqual({ word: "lastOwner" });
    expect(refusalWording({ error: "conflict", param: "email", message: "That email is already a member of this account." })).toEqual({ word: "memberExists" });
    expect(refusalWording({ error: "conflict", param: "slug", message: "The slug x is taken. Choose another." })).toEqual({ word: "slugTaken" });
    expect(refusalWording({ error: notFound("webhook endpoint").type, message: "No such webhook endpoint." })).toEqual({ word: "notFound" });
    expect(refusalWording({ error: "validation_failed", param: "title", message: "title: something new." })).toEqual({ word: "generic" });
  });

  it("has every word in every language, with the bounds it is given", () => {
    const words = ["phone", "required", "tooLong", "tooSmall", "atLeast", "endAfterStart", "lastOwner", "generic"] as const;
    for (const locale of LOCALES) {
      const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: REFUSAL_WORDS as "console.refusals" });
      for (const word of words) expect(t(word, { minimum: 3, maximum: 80 }), `${locale} ${word}`).not.toMatch(/console\.refusals|\{/);
      expect(t("tooLong", { maximum: 80 }), locale).toContain("80");
    }
    const german = createTranslator({ locale: "de", messages: MESSAGES.de, namespace: "console.refusals" });
    expect(german(refusalWording(profile({ contact_phone: "12345" })).word)).toBe(
      "Geben Sie die Nummer international ein: + und die Ländervorwahl, z. B. +491701234567.",
    );
  });
});
