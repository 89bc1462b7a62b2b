import { z } from "zod";
import { coercedId } from "#kernel/ids.ts";

/** Comments longer than this are refused (a note to the warehouse, not a letter). */
export const MAX_COMMENT_LENGTH = 500;

/**
 * The checkout's inputs. Addresses are checked against their country's form definitions
 * (address-forms.ts), so the address body here is only "strings by field name".
 */
export const addressInput = z.record(
  z.string(),
  z.union([z.string().max(300), z.number(), z.boolean(), z.null()]),
);

export const addressFormQuery = z.object({
  type: z.enum(["billing", "shipping"]).default("billing"),
  country_code: z.string().trim().min(2).max(3).optional(),
});

export const selectDeliveryInput = z.object({
  package: z.string().trim().min(1).max(20),
  delivery_method: coercedId("checkout.error.deliveryMethod"),
  droppoint_id: coercedId("checkout.error.dropPoint").nullish(),
});

export const deliverySubmitInput = z.object({
  delivery_method: coercedId("checkout.error.deliveryMethod").optional(),
  droppoint_id: coercedId("checkout.error.dropPoint").nullish(),
  post_number: z.string().max(12).optional(),
  sms_number: z.string().max(20).optional(),
});

export const findDropPointQuery = z.object({
  provider: z.string().trim().min(1).max(40),
  post_code: z.string().max(12),
  country_code: z.string().trim().min(2).max(3),
});

export const paymentSubmitInput = z.object({
  payment_gateway: z.string().trim().min(1).max(20),
  method_id: coercedId("checkout.error.paymentMethod"),
});

export const commentInput = z.object({
  comment: z.string().max(MAX_COMMENT_LENGTH, { error: "checkout.comment.tooLong" }).default(""),
});

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "on" || v === "1");

/** `POST /checkout/step_review_submit/`. Any totals a client adds are ignored: the server prices. */
export const reviewSubmitInput = z.object({
  policy: flag.default(false),
  subscribe_newsletters: flag.default(false),
  source: z.string().max(40).default("web"),
  device: z.enum(["mobile", "desktop"]).default("desktop"),
  signup: flag.default(false),
  /**
   * The order total the review showed (minor units, `order_total_minor`). When given, an order whose
   * total changed since (a voucher ran out, a price moved) is refused with 409 total_changed.
   */
  reviewed_total_minor: z.coerce
    .number({ error: "checkout.error.totalChanged" })
    .int({ error: "checkout.error.totalChanged" })
    .min(0, { error: "checkout.error.totalChanged" })
    .max(2_147_483_647, { error: "checkout.error.totalChanged" })
    .optional(),
});

/** The card form: holder name required, no billing address. */
export const cardInput = z.object({
  holderName: z.string().max(100).default(""),
  number: z.string().max(30).default(""),
  expiryMonth: z.string().max(2).default(""),
  expiryYear: z.string().max(4).default(""),
  cvc: z.string().max(4).default(""),
});

/**
 * `POST /checkout/adyen_split_on_payment/`. The payment method's `type` is checked and dropped: only the
 * card's own fields go on to the provider.
 */
export const splitPaymentInput = z.object({
  data: z.object({
    paymentMethod: cardInput
      .extend({ type: z.literal("scheme").default("scheme") })
      .transform(({ type: _type, ...card }) => card),
  }),
});

/**
 * With Adyen configured: the Drop-in's state data, its card fields encrypted in the browser
 * (`encryptedCardNumber`…). Card data in the clear is refused before it gets here (card-data guard).
 */
const encryptedValue = z.string().max(10_000);
export const adyenPaymentInput = z.object({
  data: z.object({
    paymentMethod: z
      .looseObject({ type: z.string().min(1).max(40) })
      .refine(
        (method) =>
          Object.keys(method).length <= 20 &&
          Object.values(method).every((v) => encryptedValue.safeParse(v).success),
        {
          error: "payment.card.error.invalid",
        },
      ),
    browserInfo: z
      .record(z.string().max(40), z.union([z.string().max(500), z.number(), z.boolean()]))
      .optional(),
  }),
});

/**
 * `POST /checkout/adyen_payment_details/`: what the Drop-in's `onAdditionalDetails` hands over once
 * 3-D Secure ran in the page (`details.threeDSResult`; `redirectResult` and the older 3-D Secure
 * fields are accepted too), with Adyen's `paymentData` when it gave one. Opaque strings Adyen signed:
 * only their shape and size are checked here, Adyen checks the rest.
 */
export const adyenDetailsInput = z.object({
  data: z.object({
    details: z
      .record(
        z.string().regex(/^[A-Za-z][A-Za-z0-9_.]{0,39}$/, { error: "payment.card.error.invalid" }),
        z.string().min(1).max(20_000),
      )
      .refine((details) => Object.keys(details).length >= 1 && Object.keys(details).length <= 5, {
        error: "payment.card.error.invalid",
      }),
    paymentData: z.string().max(20_000).optional(),
  }),
});

export const authorizationTokenInput = z.object({
  authorization_token: z
    .string()
    .trim()
    .min(1, { error: "payment.bnpl.error.notApproved" })
    .max(100, { error: "payment.bnpl.error.notApproved" })
    .regex(/^[A-Za-z0-9_-]+$/, { error: "payment.bnpl.error.notApproved" }),
});

export const paymentResultQuery = z.object({
  authResult: z.string().max(40).default(""),
  merchantReference: z.string().max(80).default(""),
  /** Adyen's result of 3-D Secure or a redirect, checked with Adyen's `/payments/details`. */
  redirectResult: z.string().max(20_000).optional(),
});

export const receiptQuery = z.object({ token: z.uuid({ error: "checkout.error.receiptNotFound" }) });

// ---------------------------------------------------------------------------------------------
// Outputs: what each checkout call answers. Amounts are decimals of the currency (as the bag's), ids
// and quantities integers; every answer leaves the server through these schemas.

/** `GET /checkout/payment_form/`: a country's address form (the member's address book serves the same). */
export { addressFormOutput, formFieldSchema } from "#modules/markets/address-forms.contract.ts";

/** An address in the spec's address-fields shape; a field never filled in is an empty string. */
export const addressFieldsSchema = z.object({
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address: z.string(),
  address2: z.string(),
  addr_number: z.string(),
  extension: z.string(),
  post_nummer: z.string(),
  town: z.string(),
  state: z.string(),
  state_name: z.string(),
  /** Three-letter code, as the address forms take it. */
  country: z.string(),
  country_alpha2: z.string(),
  country_name: z.string(),
  phone: z.string(),
  email: z.string(),
  full_address_line: z.string(),
});

/** `GET /api/checkout/{delivery,billing}_address/`: null until one is saved. */
export const savedAddressSchema = z.object({ address: addressFieldsSchema.nullable() });

/** `POST /api/checkout/set_{delivery,billing}_address/`: the address as kept. */
export const setAddressResultSchema = z.object({ success: z.literal(true), address: addressFieldsSchema });

/** A carrier's drop point; `is_selected` marks the one the checkout has chosen. */
export const dropPointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  streetname: z.string(),
  streetname2: z.string(),
  zipcode: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  hours: z.array(z.object({ weekday: z.number().int(), time_from: z.string(), time_to: z.string() })),
  is_selected: z.boolean(),
});

/** `GET /deliverymethod/find_droppoint/`. */
export const dropPointsSchema = z.array(dropPointSchema);

/** `GET /checkout/customer_addresses/`: the member's address book (empty for a guest) and the checkout's. */
export const customerAddressesSchema = z.object({
  addresses: z.array(
    z.object({
      id: z.number().int(),
      default_delivery: z.boolean(),
      default_billing: z.boolean(),
      ...addressFieldsSchema.shape,
    }),
  ),
  address: addressFieldsSchema.nullable(),
  billing_address: addressFieldsSchema.nullable(),
  email: z.string(),
  droppoint: dropPointSchema.nullable(),
});

/** One delivery method of a package: `price` is what it costs this bag, `delivery_price` its list price. */
export const deliveryMethodSchema = z.object({
  delivery_id: z.number().int(),
  delivery_method: z.string(),
  delivery_price: z.number(),
  price: z.number(),
  currency: z.string(),
  icon_url: z.string(),
  delivery_time: z.object({ min_days: z.number().int(), max_days: z.number().int() }),
  info_text: z.string(),
  free_delivery_limit: z.number().nullable(),
  /** The drop-point carrier; null for home delivery. */
  carrier: z.string().nullable(),
  is_droppoint: z.boolean(),
  is_selected: z.boolean(),
});

/** One package of the order: the shop's own ("own") or a marketplace supplier's (its id). */
export const deliveryPackageSchema = z.object({
  key: z.string(),
  index: z.number().int(),
  total: z.number().int(),
  supplier_name: z.string(),
  products_quantity: z.number().int(),
  delivery_methods: z.array(deliveryMethodSchema),
  selected_delivery_id: z.number().int().nullable(),
  droppoint: dropPointSchema.nullable(),
});

/**
 * `GET /checkout/delivery_methods/`: every package with its methods. `delivery_methods`,
 * `additional_suppliers` and `selected_delivery_method_suppliers` repeat the packages in the spec's
 * older main-supplier-plus-others shape.
 */
export const deliveryDataSchema = z.object({
  post_number: z.string(),
  sms_number: z.string(),
  country: z.string(),
  country_code: z.string(),
  currency: z.string(),
  split: z.boolean(),
  packages: z.array(deliveryPackageSchema),
  delivery_methods: z.array(deliveryMethodSchema),
  additional_suppliers: z.array(
    z.object({
      supplier_id: z.number().int(),
      supplier_name: z.string(),
      products_quantity: z.number().int(),
      delivery_methods: z.array(deliveryMethodSchema),
    }),
  ),
  selected_delivery_method_suppliers: z.array(
    z.object({
      supplier_name: z.string(),
      delivery_id: z.number().int(),
      droppoint_id: z.number().int().nullable(),
    }),
  ),
  products_quantity_main_supplier: z.number().int(),
});

/** A change that answers only that it was kept. */
export const successSchema = z.object({ success: z.literal(true) });

const gateway = z.enum(["test-card", "test-bnpl", "giftcard", "cod"]);

/** One payment method as the payment step lists it. */
export const paymentMethodSchema = z.object({
  name: z.string(),
  type: z.string(),
  gateway,
  method_id: z.number().int(),
  icon_urls: z.array(z.string()),
  payment_fee: z.object({ amount: z.number() }),
  is_selected: z.boolean(),
  /** The method pays through a provider's form (card, pay later) rather than on the review. */
  trigger_payment: z.boolean(),
});

/** `GET /checkout/payment_gateways/`: the market's methods grouped by gateway, and what is due. */
export const paymentGatewaysSchema = z.object({
  paymentMethods: z.object({
    adyen: z.array(paymentMethodSchema),
    klarna: z.array(paymentMethodSchema),
    giftcard: z.array(paymentMethodSchema),
    others: z.array(paymentMethodSchema),
  }),
  configuration: z.object({
    adyen: z.object({
      /** "test-card" for the built-in card; Adyen's session id when Adyen is configured. */
      id: z.string(),
      sessionData: z.string(),
      client_api_key: z.string(),
      reference: z.string(),
      locale: z.string(),
    }),
    klarna: z.object({
      /** "klarna" when Klarna Payments is configured: the browser loads its widget and asks /payments/klarna/session/. */
      id: z.enum(["test-bnpl", "klarna"]),
      sessionData: z.string(),
      client_api_key: z.string(),
      reference: z.string(),
    }),
  }),
  environment: z.enum(["test", "live"]),
  currency: z.string(),
  amount_due: z.number(),
  /** Minor units, as the providers are told. */
  amount_due_minor: z.number().int(),
  order_total: z.number(),
  /** The order total in minor units: what the review shows, and what step_review_submit sends back. */
  order_total_minor: z.number().int(),
  giftcards: z.array(z.object({ code: z.string(), amount: z.number(), is_value: z.literal(true) })),
  puma_in_cart: z.boolean(),
});

/** `POST /checkout/payment_gateway_submit/`. */
export const paymentSelectedSchema = z.object({
  success: z.literal(true),
  payment_gateway: gateway,
  method_id: z.number().int(),
});

/** `POST /checkout/add_order_comment/`: the comment as kept (trimmed). */
export const commentResultSchema = z.object({ success: z.literal(true), comment: z.string() });

/**
 * `POST /checkout/step_review_submit/`: either where to go (the receipt of an order placed now) or the
 * card payment to make (reference and amount in minor units).
 */
export const reviewResultSchema = z.object({
  success: z.boolean(),
  redirect_url: z.string().nullable(),
  payment: z.object({ reference: z.string(), amount: z.number().int(), currency: z.string() }).nullable(),
});

/** `POST /checkout/adyen_split_on_payment/`: authorised (with the redirect to follow) or refused. */
export const cardPaymentResultSchema = z.object({
  /** Authorised, Refused, or (Adyen) what the action is for: RedirectShopper, ChallengeShopper… */
  resultCode: z.string(),
  refusalReason: z.string().nullable(),
  /** The redirect to the result page, or Adyen's action for the Drop-in (3-D Secure). */
  action: z.looseObject({ type: z.string(), url: z.string().optional() }).nullable(),
});

/**
 * `POST /checkout/adyen_payment_details/`: the order placed (the receipt to go to), or a further
 * step of 3-D Secure for the Drop-in. A refusal is a 402.
 */
export const paymentDetailsResultSchema = z.object({
  resultCode: z.string(),
  action: z.looseObject({ type: z.string() }).nullable(),
  redirect_url: z.string().nullable(),
});

/** `POST /payments/test-bnpl/authorize/`: the token the browser hands back when approved. */
export const bnplAuthorisationSchema = z.object({
  approved: z.boolean(),
  authorization_token: z.string().nullable(),
});

/** `POST /checkout/submit_authorization_token/`: kept (built-in) or the order placed (Klarna) and its receipt. */
export const authorizationResultSchema = z.object({
  success: z.literal(true),
  redirect_url: z.string().nullable(),
});

/** `POST /payments/klarna/session/`: what the Klarna widget is loaded with. */
export const klarnaSessionSchema = z.object({
  session_id: z.string(),
  client_token: z.string(),
  payment_method_categories: z.array(z.object({ identifier: z.string(), name: z.string() })),
});

/** A redirect answers with its `location` header and no body. */
export const noBody = z.undefined();
