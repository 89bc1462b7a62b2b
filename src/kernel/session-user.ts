/** The signed-in member as every layer sees it: read from the session row, put on the request. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  emailValidated: boolean;
}

/**
 * Whose things a request touches (bag, favourites, checkout): the member when logged in, else the
 * visitor's session; both null for a first visit without a session.
 */
export interface VisitorOwner {
  userId: number | null;
  sessionId: string | null;
}
