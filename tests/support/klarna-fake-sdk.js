// A local stand-in for Klarna's Payments library (x.klarnacdn.net/kp/lib/v1/api.js), served by the
// Klarna fake (klarna-fake.ts) for the browser journeys. It behaves as Klarna's SDK reference says:
// init({ client_token }) throws on a token that is not a JWT; load({ container, payment_method_category },
// [data], callback) draws the widget (a frame from Klarna's origin) and answers { show_form };
// authorize({ payment_method_category }, data, callback) asks Klarna (the fake's /kp/fake/authorize,
// which hands out a token its API accepts) and answers { approved, show_form, authorization_token }.
// When ready it calls window.klarnaAsyncCallback, as the real library does.
(() => {
  const origin = new URL(document.currentScript.src).origin;
  let clientToken = null;

  const containerOf = (container) =>
    typeof container === "string" ? document.querySelector(container) : container;
  const split = (data, callback) => (typeof data === "function" ? [{}, data] : [data ?? {}, callback]);

  const Payments = {
    init(options) {
      const token = options?.client_token;
      if (typeof token !== "string" || token.split(".").length !== 3) {
        const error = new Error("options.client_token is not a valid JSON Web Token");
        error.name = "InvalidClientTokenError";
        throw error;
      }
      clientToken = token;
    },
    load(options, data, callback) {
      const [, done] = split(data, callback);
      const container = containerOf(options?.container);
      const category = options?.payment_method_category;
      if (!clientToken || !container || typeof category !== "string") {
        setTimeout(() => done({ show_form: false, error: { invalid_fields: ["container"] } }), 0);
        return;
      }
      const frame = document.createElement("iframe");
      frame.title = "Klarna";
      frame.src = `${origin}/kp/fake/widget.html?category=${encodeURIComponent(category)}`;
      frame.style.cssText = "display:block;width:100%;height:132px;border:0";
      frame.addEventListener("load", () => done({ show_form: true }), { once: true });
      container.replaceChildren(frame);
    },
    authorize(options, data, callback) {
      const [details, done] = split(data, callback);
      // text/plain: a simple cross-origin request, as Klarna's own calls from the shop's page are.
      fetch(`${origin}/kp/fake/authorize`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({
          client_token: clientToken,
          payment_method_category: options?.payment_method_category,
          data: details,
        }),
      })
        .then((response) => response.json())
        .then(done, () => done({ approved: false, show_form: true, error: { invalid_fields: [] } }));
    },
  };

  window.Klarna = { ...(window.Klarna ?? {}), Payments };
  if (typeof window.klarnaAsyncCallback === "function") window.klarnaAsyncCallback();
})();
