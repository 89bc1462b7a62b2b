import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { toAmount } from "#kernel/money.ts";
import {
  customizationOptions,
  productPrices,
  productSizes,
  products,
} from "#modules/catalog/catalog.schema.ts";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import type { SharedCartOutput } from "./cart.contract.ts";
import { cartLines, type SharedItem, sharedCarts } from "./cart.schema.ts";
import { type CartOwner, findCartId } from "./cart-owner.ts";
import { customizationSublines } from "./customizations.service.ts";

/** `POST /api/cart/shared/create_shared_cart/`: a copy of the bag's lines under a new link id. */
export async function createSharedCart(db: Db, owner: CartOwner): Promise<string> {
  const cartId = await findCartId(db, owner);
  const lines =
    cartId === null
      ? []
      : await db.select().from(cartLines).where(eq(cartLines.cartId, cartId)).orderBy(cartLines.id);
  if (lines.length === 0) throw new HttpError(400, "cart_empty", "cart.error.emptyShare");
  const items: SharedItem[] = lines.map((line) => ({
    product_id: line.productId,
    size_id: line.sizeId,
    quantity: line.quantity,
    package_parts: line.packageParts,
    customization: line.customization,
  }));
  const [shared] = await db.insert(sharedCarts).values({ items }).returning({ id: sharedCarts.id });
  return (shared as { id: string }).id;
}

/**
 * `GET /api/cart/shared/{uuid}/`: the shared lines as they can be bought now. An item is sold out
 * when its product is offline, its size is gone or out of stock, or (a package) any part is.
 */
export async function getSharedCart(db: Db, id: string, currency: string): Promise<SharedCartOutput> {
  const [shared] = await db.select().from(sharedCarts).where(eq(sharedCarts.id, id));
  if (!shared) throw new HttpError(404, "shared_cart_not_found", "There is no such shared bag.");
  const productIds = [
    ...new Set(
      shared.items.flatMap((item) => [
        item.product_id,
        ...(item.package_parts ?? []).map((p) => p.product_id),
      ]),
    ),
  ];
  const sizeIds = [
    ...new Set(
      shared.items.flatMap((item) => [item.size_id, ...(item.package_parts ?? []).map((p) => p.size_id)]),
    ),
  ].filter((id): id is number => id !== null);
  const [cards, sizes, online, prices, options] = await Promise.all([
    getProductCards(db, { currency, productIds, limit: productIds.length }),
    sizeIds.length
      ? db
          .select({
            id: productSizes.id,
            productId: productSizes.productId,
            name: productSizes.name,
            stock: productSizes.stock,
          })
          .from(productSizes)
          .where(inArray(productSizes.id, sizeIds))
      : Promise.resolve([]),
    db
      .select({ id: products.id, online: products.online, is_giftcard: products.isGiftcard })
      .from(products)
      .where(inArray(products.id, productIds)),
    db
      .select({ productId: productPrices.productId, price: productPrices.price })
      .from(productPrices)
      .where(and(inArray(productPrices.productId, productIds), eq(productPrices.currency, currency))),
    db
      .select({
        productId: customizationOptions.productId,
        type: customizationOptions.type,
        title: customizationOptions.title,
        prices: customizationOptions.prices,
      })
      .from(customizationOptions)
      .where(inArray(customizationOptions.productId, productIds)),
  ]);
  const priceById = new Map(prices.map((row) => [row.productId, row.price]));
  /** Today's price of one item of the line, its print included, in minor units; null when not sold here. */
  const unitPriceOf = (item: SharedItem): number | null => {
    const price = priceById.get(item.product_id);
    if (price === undefined) return null;
    const own = options
      .filter((option) => option.productId === item.product_id)
      .map((option) => ({ type: option.type, title: option.title, price: option.prices[currency] ?? 0 }));
    const print = customizationSublines({ customization: item.customization, options: own }, "en");
    return price + print.reduce((sum, sub) => sum + sub.unitPrice, 0);
  };
  const onlineById = new Map(online.map((row) => [row.id, row]));
  const cardById = new Map(cards.map((card) => [card.product_id, card]));
  const sizeById = new Map(sizes.map((size) => [size.id, size]));
  const inStock = (productId: number, sizeId: number | null) => {
    const size = sizeId === null ? undefined : sizeById.get(sizeId);
    return Boolean(
      onlineById.get(productId)?.online && size && size.productId === productId && size.stock > 0,
    );
  };
  let total = 0;
  const items = shared.items.map((item, index) => {
    const card = cardById.get(item.product_id);
    const product = onlineById.get(item.product_id);
    // A gift card is a code sent by e-mail: it is sold out only when it is offline, whatever its stock.
    const soldOut = item.package_parts
      ? !product?.online || item.package_parts.some((part) => !inStock(part.product_id, part.size_id))
      : product?.is_giftcard
        ? !product.online
        : !inStock(item.product_id, item.size_id);
    const unit = card ? unitPriceOf(item) : null;
    if (unit !== null && !soldOut) total += unit * item.quantity;
    return {
      id: index + 1,
      product: card ? [card] : [],
      size: item.size_id !== null ? (sizeById.get(item.size_id)?.name ?? null) : null,
      size_id: item.size_id,
      quantity: item.quantity,
      package: item.package_parts,
      giftcard_price: product?.is_giftcard && card ? Math.round(card.prices.min_price * 100) : null,
      name: item.customization?.name ?? null,
      number: item.customization?.number ?? null,
      addon: item.customization?.marker ?? null,
      player_flag: item.customization?.player_flag ?? null,
      customization: item.customization,
      unit_price: unit === null ? null : toAmount(unit, currency),
      line_total: unit === null ? null : toAmount(unit * item.quantity, currency),
      sold_out: soldOut || !card,
    };
  });
  return { shared_items: items, currency, total: toAmount(total, currency) };
}
