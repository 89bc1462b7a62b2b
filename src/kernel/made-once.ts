/**
 * Something made from a kept value, once per value object and remembered beside it. Kept values
 * (cards, product details, stores, lists kept per catalogue revision) are never changed once made, so
 * what is made from one (a view, its JSON text) is the same for every request while the value is kept,
 * and goes when the value does.
 */
export function madeOnce<S extends object, V>(made: WeakMap<S, V>, source: S, make: (source: S) => V): V {
  let value = made.get(source);
  if (value === undefined) {
    value = make(source);
    made.set(source, value);
  }
  return value;
}
