// Formatting shared by the console's views: instants in UTC, money in milliunits, enum names.

/** `2026-11-25 01:18:07 UTC` for milliseconds since 1970; "—" for none. */
export function utc(milliseconds) {
  if (milliseconds === undefined || milliseconds === null || Number.isNaN(Number(milliseconds))) return "—";
  const iso = new Date(Number(milliseconds)).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** `2026-11-25` for milliseconds since 1970. */
export function day(milliseconds) {
  return new Date(Number(milliseconds)).toISOString().slice(0, 10);
}

/** `USD 9.99` for a price in milliunits. */
export function money(milliunits, currency) {
  if (milliunits === undefined || milliunits === null) return "";
  const amount = Number(milliunits) / 1000;
  return `${currency || ""} ${amount.toFixed(2)}`.trim();
}

/** Apple's subscription status as words. */
export function statusName(status) {
  return { 1: "active", 2: "expired", 3: "billing retry", 4: "billing grace period", 5: "revoked" }[status] || "unknown";
}

/** `COMMUNICATION_CHANNEL_EMAIL` → `email`, `PRICE_INCREASE_SHEET` → `price increase sheet`. */
export function enumWords(value, prefix = "") {
  if (!value) return "";
  return String(value).replace(prefix, "").toLowerCase().replaceAll("_", " ");
}

/** Removes every child of `element`. */
export function clear(element) {
  while (element.firstChild) element.removeChild(element.firstChild);
}

/** An element with text and attributes; text is never parsed as HTML. */
export function element(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Pretty JSON. */
export function pretty(value) {
  return JSON.stringify(value, null, 2);
}
