import type { Database } from "#db/client.ts";
import type { Translated } from "#kernel/translate.ts";
import { sanitizeCmsHtml } from "#modules/content/cms-pages.service.ts";
import { type CmsBlock, cmsPages } from "#modules/content/content.schema.ts";
import { TRUST_PAGES } from "#modules/content/trust-pages.ts";
import { SELLER, SELLER_VAT_NUMBERS } from "#modules/markets/markets.data.ts";
import { insertInBatches } from "./catalog-seed.ts";
import { countryName, WRITTEN_LANGUAGES } from "./content-texts.ts";
import { trustText } from "./trust-page-texts.ts";

/** The managing director printed in the Impressum: DEMO, an invented person like the company. */
const MANAGING_DIRECTOR = "Mette Lindqvist";

type Part = { h2: Translated } | { p: Translated };

/** A page's text as one sanitised paragraph block per language (headings and paragraphs in order). */
function textPage(parts: Part[]): Record<string, CmsBlock[]> {
  return Object.fromEntries(
    WRITTEN_LANGUAGES.map((language) => {
      const html = parts
        .map((part) => ("h2" in part ? `<h2>${part.h2[language]}</h2>` : `<p>${part.p[language]}</p>`))
        .join("");
      return [language, [{ type: "paragraph", value: sanitizeCmsHtml(html) }]];
    }),
  );
}

/**
 * The trust pages every market links to from the footer (terms, returns, delivery, payment, contact,
 * privacy, cookies; the Impressum in Germany and Austria only), the shop's own invented company
 * details in them, and a draft that only an operator's preview shows.
 */
export async function seedCmsPages(database: Database, now: Date) {
  const address: Translated = {};
  for (const language of WRITTEN_LANGUAGES)
    address[language] =
      `${SELLER.legalName}, ${SELLER.street}, ${SELLER.postCode} ${SELLER.city}, ${countryName(SELLER.countryCode)[language]}`;
  const company = SELLER.legalName;
  const p = (english: string, values: Record<string, string | Translated> = {}): Part => ({
    p: trustText(english, values),
  });
  const street = `${SELLER.street}, ${SELLER.postCode} ${SELLER.city}`;
  const bodies: Record<string, Part[]> = {
    terms: [
      p(
        "These terms apply to every order placed at Pitchside. The seller is {company}, {address}, unless a product page names a partner as the seller.",
        { company, address: street },
      ),
      p(
        "The contract is made when we confirm your order by e-mail. Prices include the VAT of your country; delivery costs are shown before you pay.",
      ),
      p(
        "EU law gives you 14 days to withdraw from the purchase; at Pitchside you may return unused products within 100 days. Every product has the two-year legal warranty.",
      ),
      p(
        "Danish law applies; the consumer rights of your own country remain unaffected. You may also use the EU’s online dispute resolution platform.",
      ),
    ],
    returns: [
      { h2: trustText("Our 100-day promise") },
      p("Return unused products from our own warehouse within 100 days of delivery, free of charge."),
      p(
        "Start a return in your account under Orders, or with your order number and e-mail address if you ordered as a guest. Print the label and hand in the parcel at a drop point.",
      ),
      p(
        "We refund the amount to the payment method you used within 14 days of receiving the return. Printed shirts cannot be returned.",
      ),
      p(
        "Products from marketplace partners follow the partner’s own return terms, shown on the product page.",
      ),
    ],
    delivery: [
      p(
        "Products from our warehouse in Denmark leave within one working day and arrive in 1–3 working days in most countries.",
      ),
      p(
        "At checkout you choose home delivery or a drop point. Orders above your country’s free-delivery limit ship free; the bag shows how much is left.",
      ),
      p(
        "Partner products ship separately from the partner’s warehouse, each package with its own tracking link.",
      ),
    ],
    "payment-methods": [
      p(
        "Pay by card (Visa, Mastercard), with a Pitchside gift card and, in some countries, with pay later or cash on delivery.",
      ),
      p(
        "Card payments are handled by our payment provider; card numbers never reach our servers. Your card is charged when the order is placed.",
      ),
      p("The payment step shows the methods of your country and any fee before you pay."),
    ],
    contact: [
      p("Our customer service answers on weekdays from 9:00 to 17:00, Danish time."),
      p("E-mail: {email}", { email: SELLER.email }),
      p("Postal address: {address}", { address }),
      p(
        "Questions about an order? Have your order number ready (it starts with ST) and we will help faster.",
      ),
    ],
    privacy: [
      p(
        "{company} is responsible for your personal data. We process it to deliver your orders, run your account and, if you agree, send you news.",
        { company },
      ),
      p(
        "We keep your name, e-mail, addresses and orders. Passwords are stored only as a secure hash. Card numbers never reach our servers.",
      ),
      p(
        "Orders are kept for five years for the bookkeeping, without your name once you delete your account; everything else is deleted with the account.",
      ),
      p(
        "You can see, export, correct or delete your data at any time in your account, or ask our customer service. You may also complain to the Danish Data Protection Agency.",
      ),
    ],
    "cookie-policy": [
      p(
        "Necessary cookies keep your session, your bag, your language and your cookie choice. The shop does not work without them.",
      ),
      p(
        "Statistics cookies show us which pages are used. Marketing cookies let videos and posts from YouTube, TikTok and Instagram play here; those services set their own cookies.",
      ),
      p(
        "We set statistics and marketing cookies only with your consent, and keep your choice for twelve months. You can change it at any time.",
      ),
    ],
    impressum: [
      { p: address },
      p("Managing director: {name}", { name: MANAGING_DIRECTOR }),
      p("Company register: Danish Business Authority, {registration}", { registration: SELLER.registration }),
      p("VAT numbers: {numbers}", {
        numbers: `${SELLER_VAT_NUMBERS.de} (DE), ${SELLER_VAT_NUMBERS.at} (AT)`,
      }),
      p("E-mail: {email}", { email: SELLER.email }),
      p("Responsible for the content: {name}, address as above.", { name: MANAGING_DIRECTOR }),
      p(
        "We do not take part in dispute resolution before a consumer arbitration board and are not obliged to.",
      ),
    ],
  };
  const titles: Record<string, string> = {
    terms: "Terms and conditions",
    returns: "Returns and refunds",
    delivery: "Delivery",
    "payment-methods": "Payment methods",
    contact: "Contact",
    privacy: "Privacy policy",
    "cookie-policy": "Cookie policy",
    impressum: "Legal notice",
  };
  const published = new Date(now.getTime() - 90 * 86_400_000);
  await insertInBatches(database, cmsPages, [
    ...TRUST_PAGES.map((page) => ({
      slug: page.slug,
      title: trustText(titles[page.slug] as string),
      blocks: textPage(bodies[page.slug] ?? []),
      pageType: "content.TrustPage",
      publishedAt: published,
      firstPublishedAt: published,
      markets: page.markets ? [...page.markets] : null,
    })),
    {
      slug: "summer-sale",
      title: trustText("Summer sale"),
      blocks: textPage([p("Our summer sale starts soon: up to 40 % off boots, shirts and gloves.")]),
      publishedAt: null,
      firstPublishedAt: null,
    },
  ]);
}
