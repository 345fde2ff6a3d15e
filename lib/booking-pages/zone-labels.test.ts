import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import ar from "@/lib/i18n/messages/ar.json";
import de from "@/lib/i18n/messages/de.json";
import en from "@/lib/i18n/messages/en.json";
import es from "@/lib/i18n/messages/es.json";
import fr from "@/lib/i18n/messages/fr.json";
import pt from "@/lib/i18n/messages/pt.json";
import { formatWhen, formatWhenBoth } from "./zone-labels";
import { zoneNamesFor } from "./zone-names";

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
      "martes, 24 de noviembre de 2026 a las 10:00 (hora de New York); 15:00 en su hora (London)",
    );
    const arabic = createTranslator({ locale: "ar", messages: ar, namespace: "manage.when" });
    const text = formatWhen("2026-11-24T10:00:00-05:00", NY, "ar", arabic);
    expect(text).toContain("الساعة");
    expect(text).toContain("(بتوقيت New York)");
  });
});

describe("city names in the page's language (CLDR's exemplar cities, named on the server)", () => {
  const MESSAGES = { en, es, fr, de, pt, ar } as const;
  const ZONES = [NY, LONDON, "Europe/Lisbon", "Europe/Vienna", "Asia/Kolkata", "America/Sao_Paulo", "Asia/Tokyo"];
  const label = (locale: string, zone: string) => {
    const language = new Intl.Locale(locale).language as keyof typeof MESSAGES;
    const t = createTranslator({ locale, messages: MESSAGES[language], namespace: "manage.when" });
    return formatWhen("2026-11-24T15:00:00Z", zone, locale, t, zoneNamesFor(ZONES, locale));
  };

  it.each([
    ["pt-BR", "Europe/Lisbon", "Lisboa"],
    ["pt-BR", NY, "Nova York"],
    ["pt-BR", "Asia/Kolkata", "Calcutá"],
    ["ar", "Europe/Lisbon", "لشبونة"],
    ["ar", NY, "نيويورك"],
    ["ar", LONDON, "لندن"],
    ["de", "Europe/Lisbon", "Lissabon"],
    ["de", "Europe/Vienna", "Wien"],
    ["es", NY, "Nueva York"],
    ["es", "Asia/Tokyo", "Tokio"],
    ["fr", LONDON, "Londres"],
    ["en", "Asia/Kolkata", "Kolkata"],
    ["en-GB", "America/Sao_Paulo", "São Paulo"],
  ])("%s names %s %s", (locale, zone, city) => {
    expect(zoneNamesFor([zone], locale)[zone]).toBe(city);
    expect(label(locale, zone)).toContain(city);
  });

  it("words the whole label around the city", () => {
    expect(label("pt-BR", "Europe/Lisbon")).toMatch(/\(horário de Lisboa\)$/);
    expect(label("de", "Europe/Vienna")).toMatch(/\(Ortszeit Wien\)$/);
    expect(label("ar", NY)).toContain("(بتوقيت نيويورك)");
    const spanish = createTranslator({ locale: "es", messages: es, namespace: "manage.when" });
    expect(formatWhenBoth("2026-11-24T10:00:00-05:00", NY, LONDON, "es", spanish, zoneNamesFor([NY, LONDON], "es"))).toBe(
      "martes, 24 de noviembre de 2026 a las 10:00 (hora de Nueva York); 15:00 en su hora (Londres)",
    );
  });

  it("falls back to the English city where a language names none, and to the IANA id where CLDR names none", () => {
    // German spells Denver as the id does; Portuguese has no name of its own for Araguaína, English has.
    expect(zoneNamesFor(["America/Denver"], "de")["America/Denver"]).toBe("Denver");
    expect(zoneNamesFor(["America/Araguaina"], "de")["America/Araguaina"]).toBe("Araguaína");
    expect(zoneNamesFor(["Etc/UTC"], "ar")["Etc/UTC"]).toBe("UTC");
    // A language the pages do not speak names as English does.
    expect(zoneNamesFor([NY], "ja")[NY]).toBe("New York");
  });
});
