import { describe, expect, it } from "vitest";
import { groupHours, visiblePoints, weekdayName } from "./opening-hours.ts";

describe("opening hours", () => {
  it("groups consecutive days with the same hours", () => {
    const week = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      time_from: weekday === 7 ? "10:00" : "08:00",
      time_to: weekday >= 6 ? "16:00" : "20:00",
    }));
    expect(groupHours(week)).toEqual([
      { from: 1, to: 5, time_from: "08:00", time_to: "20:00" },
      { from: 6, to: 6, time_from: "08:00", time_to: "16:00" },
      { from: 7, to: 7, time_from: "10:00", time_to: "16:00" },
    ]);
  });

  it("does not join days that are not next to each other", () => {
    const days = [1, 3].map((weekday) => ({ weekday, time_from: "09:00", time_to: "17:00" }));
    expect(groupHours(days)).toHaveLength(2);
  });

  it("names weekdays in the shopper's language", () => {
    expect(weekdayName(1, "en")).toBe("Mon");
    expect(weekdayName(7, "de")).toBe("So");
  });
});

describe("visible drop points", () => {
  const points = [1, 2, 3, 4, 5, 6].map((id) => ({ id }));
  it("shows the first three", () => expect(visiblePoints(points, null).map((p) => p.id)).toEqual([1, 2, 3]));
  it("shows two and the chosen one when it is further down", () =>
    expect(visiblePoints(points, 5).map((p) => p.id)).toEqual([1, 2, 5]));
});
