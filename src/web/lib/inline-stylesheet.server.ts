import fs from "node:fs";
import path from "node:path";

/** The browser build, next to the server build (build/server/index.js → build/client). */
const CLIENT_DIR = path.resolve(import.meta.dirname, "..", "client");

const texts = new Map<string, string | null>();

/**
 * The text of a built stylesheet (`/assets/…css` of the browser build), read once per process; null
 * when there is none to read (development, where Vite serves the stylesheet itself) or the address
 * is not one of the build's stylesheets.
 */
export function stylesheetText(href: string, clientDir: string = CLIENT_DIR): string | null {
  if (!/^\/assets\/[\w-]+(\.[\w-]+)*\.css$/.test(href)) return null;
  const file = path.join(clientDir, href);
  const known = texts.get(file);
  if (known !== undefined) return known;
  let text: string | null;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    text = null;
  }
  texts.set(file, text);
  return text;
}
