import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import ar from "@/lib/i18n/messages/ar.json";
import es from "@/lib/i18n/messages/es.json";
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
      "martes, 24 de noviembre de 2026 a las 10:00 (hora de New York); 15:00 en su hora (London)",
    );
    const arabic = createTranslator({ locale: "ar", messages: ar, namespace: "manage.when" });
    const text = formatWhen("2026-11-24T10:00:00-05:00", NY, "ar", arabic);
    expect(text).toContain("الساعة");
    expect(text).toContain("(بتوقيت New York)");
  });
});
