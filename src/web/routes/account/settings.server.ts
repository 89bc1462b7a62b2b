import { profileChoices, readEmailChangeLink, readProfile } from "#modules/accounts/profile.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { memberOrLogin, pageTitle } from "./account.server.ts";
import { memberAddressBook } from "./address-book/address-book.server.ts";

/** The member's whole profile and the choices of its choice fields; visitors go to log in first. */
export async function loadSettingsPage(shop: ShopRequestContext, url: URL) {
  const user = memberOrLogin(shop, url);
  return {
    title: pageTitle(shop, "meta.settings.title"),
    profile: await readProfile(shop.database.db, user.id),
    choices: profileChoices(shop.market.code),
    addresses: await memberAddressBook(shop, user.id),
  };
}

/**
 * The page of the link mailed to a new address reads what the link stands for and changes nothing:
 * mail scanners fetch links, so only the page's button (a CSRF-checked POST) confirms.
 */
export async function loadEmailConfirmPage(shop: ShopRequestContext, url: URL) {
  return {
    title: pageTitle(shop, "meta.emailConfirm.title"),
    link: await readEmailChangeLink(shop.database.db, url.searchParams.get("token") ?? ""),
  };
}
