import type { ProductDetail } from "#modules/product/product.contract.ts";
import { type LookPictureProps, lookHotspots } from "#web/components/look-picture.tsx";

/**
 * The product as its page shows it: the product call's detail, with the shop-the-look markers cut
 * to what they show (each product's name, price and address, not its whole card).
 */
export type ProductView = Omit<ProductDetail, "shop_the_look"> & {
  shop_the_look:
    | (Omit<NonNullable<ProductDetail["shop_the_look"]>, "hotspots"> & {
        hotspots: LookPictureProps["hotspots"];
      })
    | null;
};

export function productView(product: ProductDetail): ProductView {
  const look = product.shop_the_look;
  return { ...product, shop_the_look: look && { ...look, hotspots: lookHotspots(look.hotspots) } };
}
