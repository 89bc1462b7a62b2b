import type { Page } from "@playwright/test";

/**
 * What is wrong with the page's layout at its current width, as a shopper with a phone would find
 * it (decision 0037): the page wider than the screen; a control that can be tapped lying outside
 * the screen sideways (a control scrolled out of a carousel or a scrolling row is not visible, so it
 * does not count; the carousel itself does); a control smaller than 24 × 24 CSS px (WCAG 2.5.8),
 * where a link's stretched ::after area counts as its target, a checkbox or radio includes its
 * label, and a text link inside a sentence is exempt (the criterion's inline exception).
 * `root` narrows the check to an open dialog.
 */
export function layoutProblems(page: Page, root = "body"): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewport) problems.push(`the page is ${pageWidth} px wide in a ${viewport} px screen`);

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

    const describe = (el: Element) => {
      const name =
        el.getAttribute("aria-label") ||
        (el as HTMLElement).innerText?.trim() ||
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
      for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
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

    /** The area a tap reaches: the box, a stretched link's ::after, a checkbox's label. */
    const target = (el: Element) => {
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
      return { width: area.right - area.left, height: area.bottom - area.top };
    };

    /** A text link inside running text (a sentence around it), which the criterion exempts. */
    const inSentence = (el: Element) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
      const around = (block?.textContent ?? "").replace(el.textContent ?? "", "");
      return /\p{L}{2,}/u.test(around);
    };

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
          `${describe(el)} lies outside the screen (${Math.round(part.left)}…${Math.round(part.right)} px)`,
        );
      if ((el as HTMLButtonElement).disabled || inSentence(el)) continue;
      const size = target(el);
      if (size.width < 23.5 || size.height < 23.5)
        problems.push(`${describe(el)} is ${Math.round(size.width)} × ${Math.round(size.height)} px`);
    }
    return problems;
  }, root);
}
