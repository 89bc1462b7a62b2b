import { describe, expect, it } from "vitest";
import { cartOwnerOf, ownerCondition } from "./cart-owner.ts";

const member = { id: 7, email: "m@example.com", name: "M", emailValidated: true };

describe("whose bag", () => {
  it("is the member's when logged in, whatever the session", () => {
    expect(cartOwnerOf({ user: member, sessionId: "s1" })).toEqual({ userId: 7, sessionId: "s1" });
  });

  it("is the session's for an anonymous visitor", () => {
    expect(cartOwnerOf({ user: null, sessionId: "s1" })).toEqual({ userId: null, sessionId: "s1" });
  });

  it("finds no bag for a visitor without a session", () => {
    expect(ownerCondition({ userId: null, sessionId: null })).toBeUndefined();
    expect(ownerCondition({ userId: null, sessionId: "s1" })).toBeDefined();
    expect(ownerCondition({ userId: 7, sessionId: null })).toBeDefined();
  });
});
