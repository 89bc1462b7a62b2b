// Prints on shirts: the options a product offers, setting or removing a line's print, and the priced
// add-ons a print puts under its line.
import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { toAmount } from "#kernel/money.ts";
import { type Translated, translate } from "#kernel/translate.ts";
import { customizationOptions, products } from "#modules/catalog/catalog.schema.ts";
import { productNotFound } from "#modules/catalog/catalog.service.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import { MAX_LINE_QUANTITY } from "./cart.contract.ts";
import { cartLines, type LineCustomization } from "./cart.schema.ts";
import { type CartOwner, findCartId, findUnprintedLine, lockCart } from "./cart-owner.ts";
import type { CustomizationInput, CustomizationOptionsOutput } from "./customization.contract.ts";

/** The print's fields, in the order the bag lists their add-ons under a line. */
const CUSTOMIZATION_FIELDS = ["name", "number", "player_flag", "marker", "print_type"] as const;

/** A print option of a line's product, priced in the market's currency (minor units). */
export interface PricedOption {
  type: string;
  title: Translated;
  price: number;
}

/** A print's priced add-ons, one per filled field that has an option on the product. */
export function customizationSublines(
  line: { customization: LineCustomization | null; options: PricedOption[] | null },
  locale: UiLocale,
): { product: string; unitPrice: number; original: string | null }[] {
  const chosen = line.customization;
  if (!chosen) return [];
  return CUSTOMIZATION_FIELDS.flatMap((field) => {
    const value = chosen[field];
    const option = line.options?.find((o) => o.type === field);
    if (!value || !option) return [];
    return [
      { product: `${translate(option.title, locale)}: ${value}`, unitPrice: option.price, original: value },
    ];
  });
}

/** Whether a print form asks for a print at all (an empty form removes one). */
export const asksForPrint = (input: Partial<CustomizationInput>) =>
  CUSTOMIZATION_FIELDS.some((field) => Boolean(input[field]));

/**
 * A print the product offers: customizable at all, each filled field an option of the product, within
 * its length, and a chosen flag or print type one of its choices (400 with the fields otherwise).
 */
export async function checkPrint(db: Db | Tx, productId: number, input: CustomizationInput): Promise<void> {
  const options = await db
    .select()
    .from(customizationOptions)
    .where(eq(customizationOptions.productId, productId));
  if (options.length === 0)
    throw new HttpError(400, "not_customizable", "This product cannot be customised.", {
      _: ["customization.error.notCustomizable"],
    });
  const fields: Record<string, string[]> = {};
  for (const field of CUSTOMIZATION_FIELDS) {
    const value = input[field];
    if (!value) continue;
    const option = options.find((o) => o.type === field);
    if (!option) fields[field] = ["customization.error.notOffered"];
    else if (option.maxLength !== null && value.length > option.maxLength)
      fields[field] = [
        field === "number" ? "customization.error.numberLength" : "customization.error.nameLength",
      ];
    else if (option.choices.length > 0 && !option.choices.some((choice) => choice.value === value))
      fields[field] = ["customization.error.choice"];
  }
  if (Object.keys(fields).length > 0)
    throw new HttpError(400, "validation_failed", "Some fields are not valid.", fields);
}

/**
 * Sets or removes (all fields empty) the print on a line of the owner's bag. The fields were checked
 * by the shared contract; here the line must be the owner's, its product customizable, and a chosen
 * flag or print type one the product offers.
 */
export async function updateCustomization(
  db: Db,
  owner: CartOwner,
  lineId: number,
  input: CustomizationInput,
): Promise<void> {
  const cartId = await findCartId(db, owner);
  const [line] =
    cartId === null
      ? []
      : await db
          .select({ id: cartLines.id, productId: cartLines.productId, sizeId: cartLines.sizeId })
          .from(cartLines)
          .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
  if (!line) throw new HttpError(404, "line_not_found", "There is no such line in your bag.");
  await checkPrint(db, line.productId, input);
  const empty = !asksForPrint(input);
  if (!empty || line.sizeId === null) {
    await db
      .update(cartLines)
      .set({ customization: empty ? null : input })
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId as number)));
    return;
  }
  await removePrint(db, owner, { id: line.id, productId: line.productId, sizeId: line.sizeId });
}

/**
 * A print taken off a shirt: the line becomes a plain line of its size, or, when the bag has one of that
 * size already, joins it (within the line maximum), as an add of that size would. A bag holds one plain
 * line per size (decision 0060); the bag is locked so no add of that size comes in between.
 */
async function removePrint(
  db: Db,
  owner: CartOwner,
  line: { id: number; productId: number; sizeId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, owner);
    const [printed] = await tx
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.id, line.id), eq(cartLines.cartId, cartId)));
    if (!printed) throw new HttpError(404, "line_not_found", "There is no such line in your bag.");
    const plain = await findUnprintedLine(tx, cartId, line.productId, line.sizeId);
    if (!plain) {
      await tx.update(cartLines).set({ customization: null }).where(eq(cartLines.id, line.id));
      return;
    }
    if (plain.id === line.id) return;
    await tx
      .update(cartLines)
      .set({ quantity: Math.min(MAX_LINE_QUANTITY, plain.quantity + printed.quantity) })
      .where(eq(cartLines.id, plain.id));
    await tx.delete(cartLines).where(eq(cartLines.id, line.id));
  });
}

/** The options a product's print offers, priced in the market's currency (GET /customizations/get/). */
export async function getCustomizationOptions(
  db: Db,
  productId: number,
  currency: string,
  locale: UiLocale,
): Promise<CustomizationOptionsOutput> {
  const [product] = await db
    .select({ id: products.id, online: products.online })
    .from(products)
    .where(eq(products.id, productId));
  if (!product?.online) throw productNotFound();
  const options = await db
    .select()
    .from(customizationOptions)
    .where(eq(customizationOptions.productId, productId))
    .orderBy(asc(customizationOptions.sort));
  return {
    data: options.map((option) => ({
      id: option.id,
      name: option.type,
      type: option.choices.length > 0 ? "choice" : option.type === "marker" ? "toggle" : "text",
      title: translate(option.title, locale),
      description: translate(option.description, locale),
      price: toAmount(option.prices[currency] ?? 0, currency),
      currency,
      max_length: option.maxLength,
      selections: option.choices.map((choice) => ({
        value: choice.value,
        name: choice.labelText ? translate(choice.labelText, locale) : choice.label,
      })),
    })),
    customization_delays: { max_days: options.reduce((max, option) => Math.max(max, option.maxDays), 0) },
  };
}
