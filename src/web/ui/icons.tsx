import {
  ArrowLeft as arrowLeft,
  ArrowUpDown as arrowUpDown,
  BadgeCheck as badgeCheck,
  Check as check,
  CheckCircle2 as checkCircle2,
  ChevronDown as chevronDown,
  ChevronLeft as chevronLeft,
  ChevronRight as chevronRight,
  CircleCheck as circleCheck,
  CirclePlay as circlePlay,
  Clock as clock,
  Cookie as cookie,
  Download as download,
  ExternalLink as externalLink,
  Eye as eye,
  FileDown as fileDown,
  Heart as heart,
  type IconNode,
  Lock as lock,
  MailCheck as mailCheck,
  MapPin as mapPin,
  Menu as menu,
  Minus as minus,
  Package as packageClosed,
  PackageOpen as packageOpen,
  Pause as pause,
  Play as play,
  Plus as plus,
  RotateCw as rotateCw,
  Ruler as ruler,
  Search as search,
  Settings as settings,
  Share2 as share2,
  ShieldCheck as shieldCheck,
  ShoppingBag as shoppingBag,
  SlidersHorizontal as slidersHorizontal,
  Sparkles as sparkles,
  Star as star,
  Store as store,
  Trash2 as trash2,
  TriangleAlert as triangleAlert,
  Truck as truck,
  Undo2 as undo2,
  User as user,
  UserPlus as userPlus,
  Volume2 as volume2,
  VolumeX as volumeX,
  X as x,
  Zap as zap,
} from "lucide";
import { createElement, type ReactElement, type SVGProps } from "react";

/**
 * The shop's icons: Lucide's shapes (the `lucide` package, ISC licence), drawn by one small component
 * (decision 0067). lucide-react worked out each icon's attributes and classes again on every render
 * (class names split with a regular expression, the defaults copied, the shapes' elements made anew):
 * a tenth of a product page's server render for its fifteen icons. Here an icon's shapes are React
 * elements made once, when the icon is defined, and every drawing reuses them.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref">;
export type ShopIcon = (props: IconProps) => ReactElement;

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function shapesOf(node: IconNode): ReactElement[] {
  return node.map(([tag, attributes], index) =>
    createElement(
      tag,
      Object.fromEntries([
        ["key", index],
        ...Object.entries(attributes).map(([name, value]) => [camelCase(name), value]),
      ]),
    ),
  );
}

/** Accessible names or roles given by the caller: then the icon is not hidden from assistive tech. */
function named(props: IconProps) {
  for (const key in props)
    if (
      (key.startsWith("aria-") || key === "role" || key === "title") &&
      props[key as keyof IconProps] != null
    )
      return true;
  return false;
}

/** An icon drawn as lucide-react drew it: 24 px, currentColor outline, `lucide lucide-<name>` classes. */
export function icon(name: string, node: IconNode): ShopIcon {
  const shapes = shapesOf(node);
  const baseClass = `lucide lucide-${name}`;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon at module level, never in a render
  function Icon({ className, children, ...props }: IconProps) {
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: decorative and hidden unless the caller names it (aria-label, title child)
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${baseClass} ${className}` : baseClass}
        aria-hidden={children || named(props) ? undefined : "true"}
        {...props}
      >
        {shapes}
        {children}
      </svg>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

export const ArrowLeft = icon("arrow-left", arrowLeft);
export const ArrowUpDown = icon("arrow-up-down", arrowUpDown);
export const BadgeCheck = icon("badge-check", badgeCheck);
export const Check = icon("check", check);
export const CheckCircle2 = icon("circle-check", checkCircle2);
export const ChevronDown = icon("chevron-down", chevronDown);
export const ChevronLeft = icon("chevron-left", chevronLeft);
export const ChevronRight = icon("chevron-right", chevronRight);
export const CircleCheck = icon("circle-check", circleCheck);
export const CirclePlay = icon("circle-play", circlePlay);
export const Clock = icon("clock", clock);
export const Cookie = icon("cookie", cookie);
export const Download = icon("download", download);
export const ExternalLink = icon("external-link", externalLink);
export const Eye = icon("eye", eye);
export const FileDown = icon("file-down", fileDown);
export const Heart = icon("heart", heart);
export const Lock = icon("lock", lock);
export const MailCheck = icon("mail-check", mailCheck);
export const MapPin = icon("map-pin", mapPin);
export const Menu = icon("menu", menu);
export const Minus = icon("minus", minus);
export const Package = icon("package", packageClosed);
export const PackageOpen = icon("package-open", packageOpen);
export const Pause = icon("pause", pause);
export const Play = icon("play", play);
export const Plus = icon("plus", plus);
export const RotateCw = icon("rotate-cw", rotateCw);
export const Ruler = icon("ruler", ruler);
export const Search = icon("search", search);
export const Settings = icon("settings", settings);
export const Share2 = icon("share-2", share2);
export const ShieldCheck = icon("shield-check", shieldCheck);
export const ShoppingBag = icon("shopping-bag", shoppingBag);
export const SlidersHorizontal = icon("sliders-horizontal", slidersHorizontal);
export const Sparkles = icon("sparkles", sparkles);
export const Star = icon("star", star);
export const Store = icon("store", store);
export const Trash2 = icon("trash-2", trash2);
export const TriangleAlert = icon("triangle-alert", triangleAlert);
export const Truck = icon("truck", truck);
export const Undo2 = icon("undo-2", undo2);
export const User = icon("user", user);
export const UserPlus = icon("user-plus", userPlus);
export const Volume2 = icon("volume-2", volume2);
export const VolumeX = icon("volume-x", volumeX);
export const X = icon("x", x);
export const Zap = icon("zap", zap);
