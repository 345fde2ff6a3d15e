import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import ar from "@/lib/i18n/messages/ar.json";
import de from "@/lib/i18n/messages/de.json";
import en from "@/lib/i18n/messages/en.json";
import es from "@/lib/i18n/messages/es.json";
import fr from "@/lib/i18n/messages/fr.json";
import pt from "@/lib/i18n/messages/pt.json";
import { formatWhen, formatWhenBoth } from "./zone-labels";

const NY = "America/New_York";
const LONDON = "Europe/London";

describe("formatWhenBoth", () => {
  it("names the business's zone, and the customer's when it differs", () => {
    expect(formatWhen("2026-11-24T10:00:00-05:00", NY, "en-GB")).toBe("Tuesday, 24 November 2026 at 10:00 (New York time)");
    expect(formatWhenBoth("2026-11-24T10:00:00-05:00", NY, NY, "en-GB")).toBe("Tuesday, 24 November 2026 at 10:00 (New York time)");
    expect(formatWhenBoth("2026-11-24T10:00:00-05:00", NY, null, "en-GB")).toBe("Tuesday, 24 November 2026 at 10:00 (New York time)");
    expect(formatWhenBoth("2026-11-24T10:00:00-05:00", NY, LONDON, "en-GB")).toBe(
      "Tuesday, 24 November 2026 at 10:00 (New York time), 15:00 your time (London)",
    );
  });

  it("follows each zone's own daylight-saving rules (the US moves three weeks before the UK)", () => {
    // 2026-03-10: New York is already on EDT (−4), London still on GMT: four hours apart, not five.
    expect(formatWhenBoth("2026-03-10T10:00:00-04:00", NY, LONDON, "en-GB")).toBe("Tuesday, 10 March 2026 at 10:00 (New York time), 14:00 your time (London)");
    // 2026-03-31: both on summer time, five hours apart again.
    expect(formatWhenBoth("2026-03-31T10:00:00-04:00", NY, LONDON, "en-GB")).toBe("Tuesday, 31 March 2026 at 10:00 (New York time), 15:00 your time (London)");
  });

  it("repeats the date when it is another day for the customer", () => {
    expect(formatWhenBoth("2026-11-24T21:30:00-05:00", NY, "Asia/Tokyo", "en-GB")).toBe(
      "Tuesday, 24 November 2026 at 21:30 (New York time), Wednesday, 25 November 2026 at 11:30 your time (Tokyo)",
    );
  });
});

describe("in the page's language", () => {
  it("words and formats the zones in Spanish and Arabic", () => {
    const spanish = createTranslator({ locale: "es", messages: es, namespace: "manage.when" });
    expect(formatWhenBoth("2026-11-24T10:00:00-05:00", NY, LONDON, "es", spanish)).toBe(
      "martes, 24 de noviembre de 2026 a las 10:00 (hora de Nueva York); 15:00 en su hora (London)",
    );
    const arabic = createTranslator({ locale: "ar", messages: ar, namespace: "manage.when" });
    const text = formatWhen("2026-11-24T10:00:00-05:00", NY, "ar", arabic);
    expect(text).toContain("الساعة");
    expect(text).toContain("(بتوقيت نيويورك)");
  });
});

describe("city names in the page's language (Intl's generic location format)", () => {
  const LA = "America/Los_Angeles";
  const MESSAGES = { en, es, fr, de, pt, ar } as const;
  const label = (locale: keyof typeof MESSAGES, zone: string) =>
    formatWhen("2026-11-24T10:00:00-08:00", zone, locale, createTranslator({ locale, messages: MESSAGES[locale], namespace: "manage.when" }));

  it.each([
    ["en", "(Los Angeles time)"],
    ["es", "(hora de Los Ángeles)"],
    ["fr", "(heure de Los Angeles)"],
    ["de", "(Ortszeit Los Angeles)"],
    ["pt", "(horário de Los Angeles)"],
    ["ar", "(بتوقيت لوس انجلوس)"],
  ] as const)("%s names Los Angeles %s", (locale, expected) => {
    expect(label(locale, LA)).toContain(expected);
  });

  it.each([
    ["es", NY, "Nueva York"],
    ["pt", NY, "Nova York"],
    ["ar", NY, "نيويورك"],
    ["es", "Australia/Sydney", "Sídney"],
    ["ar", "America/Argentina/Buenos_Aires", "بوينوس أيرس"],
  ] as const)("%s localises %s: %s", (locale, zone, city) => {
    expect(label(locale, zone)).toContain(`${city})`);
  });

  it("keeps the IANA name where ICU names only the country (one zone: London, Paris, Tokyo), never a country", () => {
    expect(label("fr", "Europe/Paris")).toContain("(heure de Paris)");
    expect(label("ar", LONDON)).toContain("London");
    expect(label("es", "Asia/Tokyo")).toContain("(hora de Tokyo)");
    expect(label("de", "Europe/Paris")).toContain("(Ortszeit Paris)");
  });
});
