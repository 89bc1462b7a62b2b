import { addressBook } from "#modules/accounts/address-book.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { soft } from "#web/lib/page-data.server.ts";

/**
 * The member's addresses for a page that shows the address book (`<AddressBook>`), as
 * `GET /v1.1/addresses/` answers them. A failure gives null, which the book shows as a toast
 * rather than the error page.
 */
export function memberAddressBook(shop: ShopRequestContext, memberId: number) {
  return soft(shop, "address book", addressBook(shop.database.db, memberId, shop.locale), null);
}
