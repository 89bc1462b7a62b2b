/**
 * The shop's trust pages: CMS pages every market has (the Impressum only where the law asks for one,
 * Germany and Austria), linked from the footer at /pages/{slug}/. The seed writes them; the footer
 * lists them from here so a market never links to a page it would answer 404 for.
 */
export interface TrustPage {
  slug: string;
  /** The footer link's translation id. */
  labelId: string;
  /** The market codes that have the page; undefined: every market. */
  markets?: readonly string[];
}

export const TRUST_PAGES: readonly TrustPage[] = [
  { slug: "terms", labelId: "footer.trust.terms" },
  { slug: "returns", labelId: "footer.trust.returns" },
  { slug: "delivery", labelId: "footer.trust.delivery" },
  { slug: "payment-methods", labelId: "footer.trust.payment" },
  { slug: "contact", labelId: "footer.trust.contact" },
  { slug: "privacy", labelId: "footer.privacy" },
  { slug: "cookie-policy", labelId: "footer.trust.cookies" },
  { slug: "impressum", labelId: "footer.trust.impressum", markets: ["de", "at"] },
];

/** The trust pages a market links to. */
export function trustPagesOf(market: string): TrustPage[] {
  return TRUST_PAGES.filter((page) => !page.markets || page.markets.includes(market));
}

/** The path of a CMS page on the storefront (the privacy policy keeps the spec's /policies/privacy/). */
export function cmsPagePath(slug: string): string {
  if (slug === "privacy") return "/policies/privacy/";
  if (slug === "faq") return "/faq/";
  return `/pages/${slug}/`;
}
