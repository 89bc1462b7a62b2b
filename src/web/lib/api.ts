// The browser's way to call the shop's API: same origin, session cookie, and the CSRF header the
// server requires on every state-changing call (Django's dialect: csrftoken → X-CSRFToken).

export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const match = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export interface ApiError {
  status: number;
  error: string;
  message: string;
  fields?: Record<string, string[]>;
}

export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError;
  constructor(body: ApiError) {
    super(body.message);
    this.status = body.status;
    this.body = body;
  }
}

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  form?: Record<string, string>;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? (options.json !== undefined || options.form ? "POST" : "GET");
  const headers: Record<string, string> = { accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers["x-requested-with"] = "XMLHttpRequest";
    body = new URLSearchParams(options.form).toString();
  }
  if (method !== "GET") headers["x-csrftoken"] = readCookie("csrftoken") ?? "";
  // The shop's DELETE calls are JSON calls without a body, as the storefront has always sent them.
  if (method === "DELETE" && !body) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body,
    credentials: "same-origin",
    signal: options.signal,
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError({
      status: response.status,
      error: error.error ?? "request_failed",
      message: error.message ?? "An error occurred",
      fields: error.fields,
    });
  }
  return data as T;
}
