// The sessions this process has loaded, kept for a few seconds so an ordinary request reads no
// session row (decision 0048). What a cached entry may lag behind the database by is the bound:
// a session ended in another process (log-out, password reset, account deletion) is refused here at
// most `ttlMs` later; one ended in this process is forgotten at once.
import { LRUCache } from "lru-cache";
import type { LoadedSession } from "./session.service.ts";

export interface SessionCache {
  /** How long a loaded session is trusted without reading it again, in milliseconds (the bound). */
  readonly ttlMs: number;
  /**
   * The session as loaded within the bound: the session, null for a cookie that names no live
   * session, or undefined when this process must read it.
   */
  get(id: string): LoadedSession | null | undefined;
  /** Remembers what a load found (null: no live session for this id). */
  set(id: string, session: LoadedSession | null): void;
  /** This process forgets the session (it was ended or replaced here). */
  forget(id: string): void;
  /** This process forgets every session of the member (their account changed, or their sessions ended). */
  forgetMember(userId: number): void;
}

interface Entry {
  session: LoadedSession | null;
  loadedAt: number;
}

/**
 * A bounded in-process cache: at most `max` sessions (the least recently used go first), each trusted
 * for `ttlMs` after its load by the clock `now`; `ttlMs` 0 keeps nothing (every request reads).
 */
export function createSessionCache(options: {
  ttlMs: number;
  now: () => number;
  max?: number;
}): SessionCache {
  const { ttlMs, now } = options;
  const entries = new LRUCache<string, Entry>({ max: options.max ?? 50_000 });
  return {
    ttlMs,
    get(id) {
      if (ttlMs === 0) return undefined;
      const entry = entries.get(id);
      if (!entry) return undefined;
      const at = now();
      if (at - entry.loadedAt >= ttlMs || (entry.session && entry.session.expiresAt.getTime() <= at)) {
        entries.delete(id);
        return undefined;
      }
      return entry.session;
    },
    set(id, session) {
      if (ttlMs > 0) entries.set(id, { session, loadedAt: now() });
    },
    forget(id) {
      entries.delete(id);
    },
    forgetMember(userId) {
      const theirs = [...entries.entries()].filter(([, entry]) => entry.session?.user?.id === userId);
      for (const [id] of theirs) entries.delete(id);
    },
  };
}
