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

  it("merges the same toast asked for again into one that counts, moved to the end and started again", () => {
    let queue = pushToast([], { title: "Could not add", description: "Sold out", variant: "destructive" });
    const first = queue[0]?.id;
    queue = pushToast(queue, { title: "Saved" });
    queue = pushToast(queue, { title: "Could not add", description: "Sold out", variant: "destructive" });
    queue = pushToast(queue, { title: "Could not add", description: "Sold out", variant: "destructive" });
    expect(queue.map((t) => [t.title, t.count])).toEqual([
      ["Saved", 1],
      ["Could not add", 3],
    ]);
    expect(queue[1]?.id).not.toBe(first);
    // Another description, or another variant, is another toast.
    queue = pushToast(queue, { title: "Could not add", description: "Gone", variant: "destructive" });
    queue = pushToast(queue, { title: "Saved", variant: "destructive" });
    expect(queue).toHaveLength(4);
  });

  it("shows one warning at a time: a new warning replaces the last", () => {
    let queue = pushToast([], { title: "Quantity lowered", variant: "warning", flow: true });
    queue = pushToast(queue, { title: "Saved" });
    queue = pushToast(queue, { title: "Voucher not used", variant: "warning", flow: true });
    expect(queue.map((t) => t.title)).toEqual(["Saved", "Voucher not used"]);
    queue = pushToast(queue, { title: "Voucher not used", variant: "warning", flow: true });
    expect(queue.filter((t) => t.variant === "warning")).toHaveLength(1);
    expect(queue.at(-1)?.count).toBe(2);
  });
});
