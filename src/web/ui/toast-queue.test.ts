import { describe, expect, it } from "vitest";
import { FLOW_TOAST_DURATION, MAX_TOASTS, pushToast, TOAST_DURATION, type Toast } from "./toast-queue.ts";

describe("toasts", () => {
  it("keeps at most five, dropping the oldest", () => {
    let queue: Toast[] = [];
    for (let i = 1; i <= 7; i++) queue = pushToast(queue, { title: `t${i}` });
    expect(queue).toHaveLength(MAX_TOASTS);
    expect(queue.map((t) => t.title)).toEqual(["t3", "t4", "t5", "t6", "t7"]);
  });

  it("shows for 5 s by default and 10 s in checkout and product flows, with a destructive variant", () => {
    const [plain] = pushToast([], { title: "Saved" });
    const [flow] = pushToast([], { title: "Could not add", flow: true, variant: "destructive" });
    expect(plain?.duration).toBe(TOAST_DURATION);
    expect(TOAST_DURATION).toBe(5_000);
    expect(flow?.duration).toBe(FLOW_TOAST_DURATION);
    expect(FLOW_TOAST_DURATION).toBe(10_000);
    expect(flow?.variant).toBe("destructive");
  });
});
