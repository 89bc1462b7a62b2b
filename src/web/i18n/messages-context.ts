import { createContext } from "react";

/**
 * The interface texts of the page's locale. The server's render is given its process-wide catalogue
 * (entry.server.tsx); the browser loads the same texts from their hashed file before it takes over
 * the page (entry.client.tsx), so they are never part of the page's own data (decision 0050).
 */
export const MessagesContext = createContext<Record<string, string>>({});

/** The `<link>` that names (and preloads) the texts' file in a page's head. */
export const MESSAGES_LINK_SELECTOR = "link[data-messages]";
