import { z } from "zod";
import { coercedId, id } from "#kernel/ids.ts";
import { productCardSchema } from "#modules/catalog/catalog.contract.ts";
import { benefitItemSchema } from "#modules/product/product.contract.ts";
import { customizationInput } from "./customization.contract.ts";

// The shop's own suppliers live apart from the schemas, so the page code that names them ships no Zod.
export { isOwnSupplier, OWN_SUPPLIER, OWN_SUPPLIERS } from "./suppliers.ts";

/**
 * The code of the marketplace brand store whose items rule out gift cards and whose terms come
 * without a PDF (the spec's "Puma" supplier, under the demo's fictional brand; decision 0040).
 */
export const BRAND_STORE_SUPPLIER = "strikon-official-store";

/** The most units one bag line can hold, whatever the stock. */
export const MAX_LINE_QUANTITY = 99;

/**
 * `POST /cart/items/add_to_cart/`, form-encoded as the storefront posts it. `price` is accepted and
 * ignored: the server prices every line itself. The print fields (as `/customizations/update/` takes
 * them) are optional: a print given makes a printed line of its own, never joining the plain line of
 * that size.
 */
export const addToCartInput = z.object({
  ...customizationInput.shape,
  product: coercedId("cart.error.product"),
  size: coercedId("cart.error.size"),
  amount: z.coerce
    .number({ error: "cart.error.amount" })
    .int({ error: "cart.error.amount" })
    .min(1, { error: "cart.error.amount" })
    .max(MAX_LINE_QUANTITY, { error: "cart.error.amount" })
    .default(1),
  get_errors: z.string().optional(),
  price: z.string().optional(),
});

/** `POST /cart/items/new_cart/`: a package (bundle mode), each part in its own size. */
export const newCartInput = z.object({
  product: z.object({
    product_id: id(),
    amount: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
  }),
  subproducts: z
    .array(
      z.object({
        product_id: id(),
        size_id: id("cart.error.size"),
        amount: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
      }),
    )
    .min(1)
    .max(10),
  promotions: z.array(z.unknown()).max(10).default([]),
});

/** A bag change that answers only that it was made. */
export const okOutput = z.object({ success: z.literal(true) });

export const addResultOutput = z.object({
  success: z.boolean(),
  error_messages: z.array(z.string()),
  data: z.object({ pk: z.number().int(), subitems: z.array(z.number().int()) }).nullable(),
});

const messageSchema = z.object({ level_tag: z.enum(["info", "warning", "error"]), text: z.string() });

/** A line's print as stored and sent back: every field present, empty when not chosen. */
const lineCustomizationOutput = z.object({
  name: z.string(),
  number: z.string(),
  marker: z.string(),
  player_flag: z.string(),
  print_type: z.string(),
});

export const cartLineOutput = z.object({
  line_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_brand: z.string(),
  product_style: z.string(),
  shop_url: z.string(),
  image_url: z.string(),
  size: z.string().nullable(),
  size_id: z.number().int().nullable(),
  quantity: z.number().int(),
  quantity_editable: z.boolean(),
  /** Most of this size that can be bought now. */
  max_quantity: z.number().int(),
  unit_price: z.number(),
  unit_rrp: z.number(),
  vat_rate: z.number(),
  line_total_excluding_sublines: z.number(),
  line_total: z.number(),
  line_total_rrp: z.number(),
  line_total_discount: z.number(),
  supplier: z.string(),
  customizable: z.boolean(),
  /** The member keeps this product as a favourite (always false for visitors). */
  is_favorite: z.boolean(),
  customization: lineCustomizationOutput.nullable(),
  is_package: z.boolean(),
  customization_url: z.string().nullable(),
  message: messageSchema.nullable(),
  sublines: z.array(
    z.object({
      product: z.string(),
      product_id: z.number().int().nullable(),
      image_url: z.string().nullable(),
      line_total: z.number(),
      original: z.string().nullable(),
    }),
  ),
});

/** `GET /cart/data/`: the Cart and Totals entities of the spec, amounts as decimals of the currency. */
export const cartOutput = z.object({
  id: z.number().int().nullable(),
  lines: z.array(cartLineOutput),
  currency: z.string(),
  quantity: z.number().int(),
  cart_total_amount: z.number(),
  discount_total: z.number(),
  payment_total: z.number(),
  payment_total_vat: z.number(),
  payment_fee: z.object({ amount: z.number() }),
  delivery: z.object({ unit_price: z.number(), unit_rrp: z.number() }),
  free_delivery_limit: z.number().nullable(),
  left_for_free_delivery: z.number(),
  contains_teamsport_products: z.boolean(),
  /** The total before gift cards pay their part; payment_total is what is left to pay. */
  order_total: z.number(),
  coupons: z.array(
    z.object({
      code: z.string(),
      amount: z.number(),
      applied: z.boolean(),
      /** Why it takes nothing off now (a translation id): minimum order not reached, expired, … */
      message: z.string().nullable(),
    }),
  ),
  giftcards: z.array(z.object({ code: z.string(), amount: z.number(), is_value: z.boolean() })),
});
export type CartOutput = z.output<typeof cartOutput>;

/** `POST /cart/items/update_cart_item/{line_id}/`: the amount comes as a string, as the form posts it. */
export const updateQuantityInput = z.object({
  amount: z
    .string({ error: "cart.error.amount" })
    .trim()
    .regex(/^\d{1,3}$/, { error: "cart.error.amount" })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: "cart.error.amount" })
        .max(MAX_LINE_QUANTITY, { error: "cart.error.amount" }),
    ),
});

export const lineMessagesOutput = z.object({
  quantity: z.number().int().optional(),
  messages: z.array(z.object({ text: z.string(), level: z.enum(["info", "warning", "error"]) })),
});

/** `POST /api/vouchers/add/`; the placeholder shows groups of letters and digits joined by hyphens. */
export const voucherInput = z.object({
  voucher_code: z
    .string({ error: "voucher.error.required" })
    .trim()
    .min(1, { error: "voucher.error.required" })
    .max(40, { error: "voucher.error.tooLong" }),
});
/** The voucher field's example: the shape of a code, not a code that works (decision 0040). */
export const VOUCHER_PLACEHOLDER = "ABCD-1234";

export const voucherOutput = z.object({
  success: z.boolean(),
  error_message: z.string().nullable(),
  warning_message: z.array(z.string()),
});

/** Gift-card entry: the code is trimmed; an empty code cannot be sent. */
export const giftCardInput = z.object({
  code: z
    .string({ error: "giftcard.error.required" })
    .trim()
    .min(1, { error: "giftcard.error.required" })
    .max(40, { error: "giftcard.error.tooLong" }),
});

/**
 * `GET /cart/restore/?token=`: the link of an abandoned-bag reminder. A missing, repeated or odd
 * token is read as no token (the link answers with a redirect and a notice, never a 400 page).
 */
export const restoreBagQuery = z.object({ token: z.string().max(200).catch("") }).catch({ token: "" });

/** `POST /api/cart/shared/create_shared_cart/`: the link id of the shared copy. */
export const sharedCartCreatedOutput = z.object({ shared_cart: z.string().uuid() });

/** One item of a shared bag, as it can be bought now. */
export const sharedItemOutput = z.object({
  /** Its position in the shared bag, from 1. */
  id: z.number().int(),
  /** The product's card, or none when it is no longer sold in this market. */
  product: z.array(productCardSchema),
  size: z.string().nullable(),
  size_id: z.number().int().nullable(),
  quantity: z.number().int(),
  /** A package's parts, each in its size. */
  package: z.array(z.object({ product_id: z.number().int(), size_id: z.number().int() })).nullable(),
  /** A gift card's value in minor units. */
  giftcard_price: z.number().int().nullable(),
  /** The print's fields one by one (the marker as `addon`), beside the whole print. */
  name: z.string().nullable(),
  number: z.string().nullable(),
  addon: z.string().nullable(),
  player_flag: z.string().nullable(),
  customization: lineCustomizationOutput.nullable(),
  /** Today's price of one, its print included, and of the line; null when it is not sold here. */
  unit_price: z.number().nullable(),
  line_total: z.number().nullable(),
  sold_out: z.boolean(),
});

/**
 * `GET /api/cart/shared/{uuid}/`: the items, and what the ones that can be bought now cost together
 * today (`total`, in `currency`), so the visitor sees the price before adding them.
 */
export const sharedCartOutput = z.object({
  shared_items: z.array(sharedItemOutput),
  currency: z.string(),
  total: z.number(),
});
export type SharedCartOutput = z.output<typeof sharedCartOutput>;

/**
 * A small thing offered beside the checkout button, in the shape of an offer's benefit item: the
 * product with its price, price before reduction and the sizes in stock (a size must be chosen).
 */
export const checkoutOfferOutput = benefitItemSchema;

/** `GET /api/cart/checkout_offers/`. */
export const checkoutOffersOutput = z.object({ offers: z.array(checkoutOfferOutput) });
export type CheckoutOfferOutput = z.output<typeof checkoutOfferOutput>;

/** The token of a reminder mail's unsubscribe link, as the page's button sends it. */
export const reminderUnsubscribeInput = z.object({ token: z.string().max(200) });

/** Done: no more reminders to the address (shown masked); `already` when the link was used before. */
export const reminderUnsubscribeOutput = z.object({
  success: z.literal(true),
  status: z.enum(["withdrawn", "already"]),
  email: z.string(),
  /** A member's newsletter consent went off too (the settings page shows it). */
  member: z.boolean(),
});
export type ReminderUnsubscribeOutput = z.output<typeof reminderUnsubscribeOutput>;

/** The address in a reminder's `List-Unsubscribe` header carries the token (RFC 8058). */
export const oneClickQuery = z.object({ token: z.string().max(200) });
/** RFC 8058's one-click body: the pair the mail's `List-Unsubscribe-Post` header names. */
export const oneClickBody = z.object({ "List-Unsubscribe": z.literal("One-Click") });
