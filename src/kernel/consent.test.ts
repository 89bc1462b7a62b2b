import { describe, expect, it } from "vitest";
import { CONSENT_VERSION, NO_CONSENT, parseConsent, serializeConsent } from "./consent.ts";

describe("cookie consent value", () => {
  const day = new Date("2026-11-24T10:00:00Z");

  it("round-trips each choice with its version and day", () => {
    for (const choice of [
      { statistics: false, marketing: false },
      { statistics: true, marketing: false },
      { statistics: false, marketing: true },
      { statistics: true, marketing: true },
    ]) {
      const value = serializeConsent(choice, day);
      expect(value.startsWith(`v${CONSENT_VERSION}.2026-11-24.`)).toBe(true);
      expect(parseConsent(value)).toEqual({ ...choice, decided: true, decidedOn: "2026-11-24" });
    }
  });

  it("treats no cookie, garbage and an older policy version as no answer", () => {
    for (const value of [
      undefined,
      "",
      "statistics,marketing",
      "v1.2026-01-01.statistics+marketing",
      `v${CONSENT_VERSION}.yesterday.marketing`,
      `v${CONSENT_VERSION}.2026-11-24.${"marketing+".repeat(40)}`,
    ]) {
      expect(parseConsent(value)).toEqual(NO_CONSENT);
    }
  });

  it("ignores purposes it does not know", () => {
    expect(parseConsent(`v${CONSENT_VERSION}.2026-11-24.ads+marketing`)).toMatchObject({
      statistics: false,
      marketing: true,
    });
  });
});
