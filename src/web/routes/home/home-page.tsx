import { FormattedMessage } from "react-intl";

export function meta() {
  return [{ title: "Pitchside" }];
}

export default function HomePage() {
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="home.title" />
      </h1>
    </main>
  );
}
