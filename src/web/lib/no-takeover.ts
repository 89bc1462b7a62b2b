/**
 * The event the client entry sends on the window when it will not take the page over (its texts could
 * not be loaded): the page's loader then stops keeping taps and does what was kept as the browser
 * would without script (decision 0090, `page-stream.server.ts`).
 */
export const NO_TAKEOVER_EVENT = "pitchside:no-takeover";
