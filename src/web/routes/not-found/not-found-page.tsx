import { data } from "react-router";

// Every address no route claims: the root error boundary renders the not-found page with HTTP 404.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundPage() {
  return null;
}
