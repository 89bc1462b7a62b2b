import type { Page } from "@playwright/test";

/**
 * What is wrong with the page's layout at its current width, as a shopper with a phone would find
 * it (decision 0037): the page wider than the screen; a control that can be tapped lying outside
 * the screen sideways (a control scrolled out of a carousel or a scrolling row is not visible, so it
 * does not count; the carousel itself does); a control smaller than 24 × 24 CSS px (WCAG 2.5.8),
 * where a link's stretched ::after area counts as its target and a checkbox or radio includes its
 * label. Of the criterion's exceptions, text links have two: inside a sentence (inline), and set
 * apart from every other target (spacing); a button, a field or an icon link has none.
 * `root` narrows the check to an open dialog.
 */
export function layoutProblems(page: Page, root = "body"): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewport) {
      // Name the boxes that stick out while their parent does not: where to look for the cause.
      const out = [...document.body.querySelectorAll("*")]
        .filter((el) => {
          const right = el.getBoundingClientRect().right;
          const parent = el.parentElement?.getBoundingClientRect().right ?? 0;
          return right > viewport + 1 && parent <= viewport + 1;
        })
        .slice(0, 3)
        .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`);
      problems.push(`the page is ${pageWidth} px wide in a ${viewport} px screen (${out.join(", ")})`);
    }

    const controls = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      "[role=button]",
      "[role=checkbox]",
      "[role=radio]",
      "[role=switch]",
      "[role=tab]",
      "[role=link]",
      "[role=menuitem]",
      "[role=option]",
    ].join(",");
    const scope = [...document.querySelectorAll(rootSelector)].at(-1) ?? document.body;

    const label = (el: Element) => {
      const name =
        el.getAttribute("aria-label") ||
        el.textContent?.trim() ||
        el.getAttribute("name") ||
        el.getAttribute("placeholder") ||
        "";
      const id = el.id ? `#${el.id}` : "";
      return `<${el.tagName.toLowerCase()}${id}> "${name.replace(/\s+/g, " ").slice(0, 40)}"`;
    };

    /** The part of the element's box its scrolling or clipping ancestors let show (null: none). */
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      let [left, right, top, bottom] = [box.left, box.right, box.top, box.bottom];
      let mode = getComputedStyle(el).position;
      for (
        let a = el.parentElement;
        a && a !== document.body && a !== document.documentElement;
        a = a.parentElement
      ) {
        if (mode === "fixed") break;
        const style = getComputedStyle(a);
        const containing = style.position !== "static" || style.transform !== "none";
        // An absolutely placed box is clipped only from its containing block up.
        if (mode === "absolute" && !containing) continue;
        const edge = a.getBoundingClientRect();
        if (style.overflowX !== "visible") {
          left = Math.max(left, edge.left);
          right = Math.min(right, edge.right);
        }
        if (style.overflowY !== "visible") {
          top = Math.max(top, edge.top);
          bottom = Math.min(bottom, edge.bottom);
        }
        mode = style.position;
      }
      return right - left > 0.5 && bottom - top > 0.5 ? { left, right } : null;
    };

    type Area = { left: number; right: number; top: number; bottom: number };
    /** The area a tap reaches: the box, a stretched link's ::after, a checkbox's label. */
    const target = (el: Element): Area => {
      const box = el.getBoundingClientRect();
      const area = { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      const grow = (r: DOMRect) => {
        area.left = Math.min(area.left, r.left);
        area.right = Math.max(area.right, r.right);
        area.top = Math.min(area.top, r.top);
        area.bottom = Math.max(area.bottom, r.bottom);
      };
      const after = getComputedStyle(el, "::after");
      if (after.content !== "none" && after.position === "absolute") {
        let block: Element | null = el;
        while (block && block !== document.body && getComputedStyle(block).position === "static")
          block = block.parentElement;
        if (block) grow(block.getBoundingClientRect());
      }
      if (el instanceof HTMLInputElement && el.labels)
        for (const label of el.labels) grow(label.getBoundingClientRect());
      return area;
    };

    /** A text link inside running text (a sentence around it), which the criterion exempts. */
    const inSentence = (el: Element) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
      const around = (block?.textContent ?? "").replace(el.textContent ?? "", "");
      return /\p{L}{2,}/u.test(around);
    };

    const seen: { el: Element; area: Area }[] = [];
    for (const el of scope.querySelectorAll(controls)) {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (style.visibility === "hidden" || style.opacity === "0") continue;
      // Hidden, or visually hidden for screen readers only (a skip link until it is focused).
      if (box.width <= 1 || box.height <= 1) continue;
      const part = shown(el);
      if (!part) continue;
      if (part.left < -1 || part.right > viewport + 1)
        problems.push(
          `${label(el)} lies outside the screen (${Math.round(part.left)}…${Math.round(part.right)} px)`,
        );
      if (!(el as HTMLButtonElement).disabled) seen.push({ el, area: target(el) });
    }
    const small = (area: Area) => area.right - area.left < 23.5 || area.bottom - area.top < 23.5;
    const centre = (area: Area) => ({ x: (area.left + area.right) / 2, y: (area.top + area.bottom) / 2 });
    for (const { el, area } of seen) {
      if (!small(area) || inSentence(el)) continue;
      // The spacing exception, for a text link: a 24 px circle on its centre touches no other
      // target, nor another small target's circle.
      const c = centre(area);
      const spaced =
        el.tagName === "A" &&
        !el.querySelector("img, svg") &&
        seen.every((other) => {
          if (other.el === el || other.el.contains(el) || el.contains(other.el)) return true;
          const o = other.area;
          const dx = Math.max(o.left - c.x, 0, c.x - o.right);
          const dy = Math.max(o.top - c.y, 0, c.y - o.bottom);
          if (Math.hypot(dx, dy) < 12) return false;
          const oc = centre(o);
          return !small(o) || Math.hypot(oc.x - c.x, oc.y - c.y) >= 24;
        });
      if (!spaced)
        problems.push(
          `${label(el)} is ${Math.round(area.right - area.left)} × ${Math.round(area.bottom - area.top)} px`,
        );
    }
    return problems;
  }, root);
}
