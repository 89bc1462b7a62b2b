import { sameOriginPath } from "#kernel/redirect-target.ts";

/**
 * Where to go after log-in: the `next` of the address when a browser would keep it on the shop
 * (the kernel's rule, decision 0021), else the fallback. A crafted link cannot send a member away.
 */
export function safeNext(next: string | null | undefined, fallback = "/account/home/"): string {
  return sameOriginPath(next) ?? fallback;
}
