import { redirect } from "react-router";

/** `/checkout/` starts at the address step. */
export function loader() {
  return redirect("/checkout/address/");
}

export default function CheckoutIndex() {
  return null;
}
