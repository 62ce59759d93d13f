// A request for JSON from this site, for every script of static/tournament/ that asks one:
// Accept JSON, the session's cookies (same origin only) and, with a `body`, a POST of its JSON
// with the page's CSRF token (`csrf`); further options (`cache`, `method`) go to fetch as they
// are. Resolves to { ok, status, data }: data is the parsed answer, or null when the answer
// is no JSON (a 204, a proxy's error page, a login page, a broken body). Rejects with a
// FetchError when no answer came at all (offline, the connection broke).

export class FetchError extends Error {
  constructor(url, cause) {
    super("No answer from " + url + ": " + String(cause), { cause });
    this.name = "FetchError";
  }
}

async function jsonOf(response) {
  if (!(response.headers.get("Content-Type") || "").includes("json")) return null;
  try {
    return await response.json();
  } catch (error) {
    return null;
  }
}

export async function fetchJson(url, { body, csrf, ...options } = {}) {
  const headers = { Accept: "application/json" };
  const asked = { credentials: "same-origin", ...options, headers };
  if (body !== undefined) {
    asked.method = options.method || "POST";
    asked.body = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  if (csrf) headers["X-CSRFToken"] = csrf;
  let response;
  try {
    response = await fetch(url, asked);
  } catch (error) {
    throw new FetchError(url, error);
  }
  return { ok: response.ok, status: response.status, data: await jsonOf(response) };
}
