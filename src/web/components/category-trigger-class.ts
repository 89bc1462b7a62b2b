/** The desktop navigation's menu buttons look the same before and after their menu's code is here. */
export const CATEGORY_TRIGGER_CLASS =
  "rounded px-3 py-2 text-neutral-800 hover:bg-neutral-100 data-[state=open]:bg-neutral-100";
