import { describe, expect, it } from "vitest";
import { formatAppointment, formatAppointmentShort } from "./format";
import { translatorFor } from "./i18n";
import type { Locale } from "@/lib/i18n/locales";

const speech = (locale: Locale) => ({ locale, t: translatorFor(locale) });

describe("appointment times in the booking's language", () => {
  it("keeps English's house style and writes each other language its own way", () => {
    const start = new Date("2031-03-05T09:00:00Z");
    const end = new Date("2031-03-05T10:00:00Z");
    expect(formatAppointment(start, end, "Europe/Paris", speech("en"))).toBe("Wednesday 5 March 2031, 10:00–11:00 (Paris time)");
    expect(formatAppointment(start, end, "Europe/Paris", speech("es"))).toBe("miércoles, 5 de marzo de 2031, 10:00–11:00 (hora de París)");
    expect(formatAppointment(start, end, "Europe/Paris", speech("de"))).toBe("Mittwoch, 5. März 2031, 10:00–11:00 (Ortszeit Paris)");
    expect(formatAppointment(start, end, "Europe/Paris", speech("ar"))).toBe("الأربعاء، 5 مارس 2031، 10:00 ص–11:00 ص (بتوقيت باريس)");
    expect(formatAppointmentShort(start, "Europe/Paris", speech("fr"))).toBe("5 mars, 10:00 (heure de Paris)");
  });

  it("reads wall time per local day across a daylight-saving change, also across midnight", () => {
    // Sunday 30 March 2031: Paris moves from +01:00 to +02:00 at 02:00 local.
    const start = new Date("2031-03-29T22:30:00Z"); // 23:30 on the 29th, +01:00
    const end = new Date("2031-03-30T01:30:00Z"); // 03:30 on the 30th, +02:00 (two real hours later)
    expect(formatAppointment(start, end, "Europe/Paris", speech("en"))).toBe("Saturday 29 March 2031, 23:30–Sunday 30 March 2031, 03:30 (Paris time)");
    expect(formatAppointment(start, end, "Europe/Paris", speech("fr"))).toBe("samedi 29 mars 2031, 23:30 – dimanche 30 mars 2031, 03:30 (heure de Paris)");
  });
});
