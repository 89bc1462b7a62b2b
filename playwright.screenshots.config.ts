import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/** The README's screenshots (tests/screenshots/): the journeys' server and browser, another folder. */
export default defineConfig({ ...base, testDir: "tests/screenshots", retries: 0 });
