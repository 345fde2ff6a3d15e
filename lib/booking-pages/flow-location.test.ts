import { describe, expect, it } from "vitest";
import { parseLocation, toSearch, type FlowLocation } from "./flow-location";

const at = (over: Partial<FlowLocation>): FlowLocation => ({ step: "service", serviceId: null, day: null, time: null, staffId: null, ...over });

describe("the flow's URL", () => {
  it("names each step by what was chosen, and reads back the same step", () => {
    const cases: FlowLocation[] = [
      at({}),
      at({ step: "time", serviceId: "s1", day: "2026-03-29" }),
      at({ step: "details", serviceId: "s1", day: "2026-03-29", time: "2026-03-29T03:30:00+02:00", staffId: "k1" }),
      at({ step: "verify", serviceId: "s1", day: "2026-03-29", time: "2026-03-29T03:30:00+02:00" }),
      at({ step: "waitlist", serviceId: "s1", day: "2026-03-29", time: "2026-03-29T03:30:00+02:00" }),
      at({ step: "payment", serviceId: "s1", day: "2026-03-29", time: "2026-03-29T03:30:00+02:00" }),
      at({ step: "done", serviceId: "s1", day: "2026-03-29", time: "2026-03-29T03:30:00+02:00" }),
    ];
    for (const location of cases) expect(parseLocation(toSearch(location))).toEqual(location);
    expect(toSearch(cases[3] as FlowLocation)).toBe("?service=s1&day=2026-03-29&time=2026-03-29T03%3A30%3A00%2B02%3A00&step=code");
  });

  it("drops what a step does not use, and ignores a malformed day or an unknown step", () => {
    expect(toSearch(at({ step: "time", serviceId: "s1", time: "t", staffId: "k1" }))).toBe("?service=s1");
    expect(toSearch(at({ step: "service", serviceId: "s1" }))).toBe("");
    expect(parseLocation("?service=s1&day=tomorrow")).toEqual(at({ step: "time", serviceId: "s1" }));
    expect(parseLocation("?service=s1&time=t&step=elsewhere").step).toBe("details");
    expect(parseLocation("?time=t&step=code").step).toBe("service");
    // A waitlist without its time is the day's times.
    expect(parseLocation("?service=s1&step=waitlist").step).toBe("time");
  });
});
