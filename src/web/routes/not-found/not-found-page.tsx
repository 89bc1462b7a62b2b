import { FormattedMessage } from "react-intl";
import { data, Link } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundPage() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="mt-2">
        <FormattedMessage id="notFound.body" />
      </p>
      <Link to="/" className="mt-4 inline-block underline">
        <FormattedMessage id="notFound.home" />
      </Link>
    </main>
  );
}
