// The console's access to the producer's API: every call carries the operator token the user
// pasted, kept in sessionStorage (this tab only; gone when the tab closes). docs/console.md.

const tokenKey = "subscriptions-console.token";

/** The operator token, or "" when none was given. */
export function token() {
  return sessionStorage.getItem(tokenKey) || "";
}

/** Keeps `value` as the token for this tab's session; "" forgets it. */
export function setToken(value) {
  if (value) {
    sessionStorage.setItem(tokenKey, value);
  } else {
    sessionStorage.removeItem(tokenKey);
  }
  window.dispatchEvent(new CustomEvent("console-token"));
}

/** An answer of the API that is not a 2xx: its status and Apple-shaped error body. */
export class ApiError extends Error {
  constructor(status, errorCode, errorMessage) {
    super(`${status}${errorCode ? ` ${errorCode}` : ""}: ${errorMessage}`);
    this.status = status;
    this.errorCode = errorCode;
    this.errorMessage = errorMessage;
  }
}

function headers(extra) {
  const result = { Authorization: `Bearer ${token()}`, ...extra };
  return result;
}

/** Calls the API and returns its JSON; throws an ApiError for any other status than 2xx. */
export async function api(path, { method = "GET", body, idempotencyKey } = {}) {
  const extra = {};
  if (body !== undefined) extra["Content-Type"] = "application/json";
  if (idempotencyKey) extra["Idempotency-Key"] = idempotencyKey;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: headers(extra),
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    throw new ApiError(0, 0, `the producer did not answer (${error.message})`);
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, json?.errorCode ?? 0, json?.errorMessage ?? (text || response.statusText));
  }
  return json;
}

/**
 * Reads a server-sent event stream with fetch, which can send the Authorization header that
 * EventSource cannot. Calls `onFrame({event, id, data})` per frame until `signal` aborts or the
 * stream ends; throws an ApiError when the answer is not 200.
 */
export async function readEventStream(path, signal, onFrame) {
  const response = await fetch(path, { headers: headers({ Accept: "text/event-stream" }), signal, cache: "no-store" });
  if (!response.ok) {
    let json = null;
    try {
      json = await response.json();
    } catch {
      json = null;
    }
    throw new ApiError(response.status, json?.errorCode ?? 0, json?.errorMessage ?? response.statusText);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const frame = { event: "message", id: null, data: "" };
      let comment = true;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        comment = false;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") frame.event = text;
        else if (field === "id") frame.id = text;
        else if (field === "data") frame.data += (frame.data ? "\n" : "") + text;
      }
      if (!comment) onFrame(frame);
    }
  }
}

/** A random idempotency key (the clock advance must not be replayed by a retry of another click). */
export function newKey() {
  return crypto.randomUUID();
}
