import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Brings every fade and other finished-in-time animation to its end (a grid fading back in after a
 * filter, a drawer sliding in): axe measures colours as they are drawn at that instant, so text half
 * faded in fails contrast, and a headless page's animations do not always run on while a test waits.
 * What is checked is the page as the shopper sees it once they end. Endless ones (the brands'
 * marquee) are left to run.
 */
async function settled(page: Page) {
  // One that starts as another ends (a drawer opening once the one below it has slid in, a fade
  // started by a render after the first pass) is finished too: until two frames pass with none.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const running = () =>
            document
              .getAnimations()
              .filter(
                (animation) =>
                  animation.playState === "running" &&
                  animation.effect?.getComputedTiming().endTime !== Infinity,
              );
          for (const animation of running()) animation.finish();
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          return running().length;
        }),
      { timeout: 10_000 },
    )
    .toBe(0);
}

/** Fails on any serious or critical axe-core violation of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(blocking).toEqual([]);
}

/**
 * Fails on any axe-core violation, moderate and minor included (heading order, landmarks…): the
 * pages Lighthouse scores for the shop (home, category, product) are held to this so their
 * accessibility score stays 100 — Lighthouse runs these same axe rules.
 */
export async function expectNoA11yViolations(page: Page) {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}
