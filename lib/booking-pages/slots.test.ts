import { describe, expect, it } from "vitest";
import { dayPart, groupByDay, mergeSlots } from "./slots";

const data = [
  {
    staff_id: "alex",
    slots: [
      { start: "2026-03-12T09:00:00-04:00", end: "2026-03-12T09:45:00-04:00" },
      { start: "2026-03-12T21:30:00-04:00", end: "2026-03-12T22:15:00-04:00" },
    ],
  },
  {
    staff_id: "sam",
    slots: [
      { start: "2026-03-12T13:00:00Z", end: "2026-03-12T13:45:00Z" },
      { start: "2026-03-12T08:30:00-04:00", end: "2026-03-12T09:15:00-04:00" },
    ],
  },
];

describe("mergeSlots", () => {
  it("shows each instant once, in time order, remembering which calendars offer it", () => {
    const merged = mergeSlots(data, null);
    expect(merged.map((slot) => slot.start)).toEqual(["2026-03-12T08:30:00-04:00", "2026-03-12T09:00:00-04:00", "2026-03-12T21:30:00-04:00"]);
    // 09:00-04:00 and 13:00Z are the same instant.
    expect(merged[1]!.staffIds).toEqual(["alex", "sam"]);
  });

  it("keeps only the chosen calendar's times", () => {
    expect(mergeSlots(data, "sam").map((slot) => slot.staffIds)).toEqual([["sam"], ["sam"]]);
  });
});

describe("groupByDay", () => {
  it("groups by the calendar day of the zone being shown", () => {
    const merged = mergeSlots(data, null);
    expect([...groupByDay(merged, "America/New_York").keys()]).toEqual(["2026-03-12"]);
    // 21:30 in New York is already the next day in Tokyo.
    const tokyo = groupByDay(merged, "Asia/Tokyo");
    expect([...tokyo.keys()]).toEqual(["2026-03-12", "2026-03-13"]);
    expect(tokyo.get("2026-03-13")!.map((slot) => slot.start)).toEqual(["2026-03-12T21:30:00-04:00"]);
  });

  it("names the part of the day in the zone shown", () => {
    expect(dayPart("2026-03-12T09:00:00-04:00", "America/New_York")).toBe("morning");
    expect(dayPart("2026-03-12T13:00:00-04:00", "America/New_York")).toBe("afternoon");
    expect(dayPart("2026-03-12T21:30:00-04:00", "America/New_York")).toBe("evening");
  });
});
