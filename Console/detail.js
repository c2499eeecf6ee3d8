// The detail panel: one event or transaction of the timeline, with its decoded fields and, for
// an event Apple would notify, the signed payload (ES256 JWS) decoded: header, payload, and the
// signed transaction and renewal infos inside it.
import { clear, element, money, pretty, utc } from "./format.js";

let onClose = () => {};

/** The JSON of one base64url part of a JWS; null when it is not JSON. */
export function decodePart(part) {
  try {
    const base64 = part.replaceAll("-", "+").replaceAll("_", "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

/** Header and payload of a compact JWS, nested signed fields decoded too. */
export function decodeJWS(jws) {
  const [header, payload] = jws.split(".");
  const decodedHeader = decodePart(header || "");
  const decodedPayload = decodePart(payload || "");
  const nested = {};
  const data = decodedPayload?.data;
  for (const key of ["signedTransactionInfo", "signedRenewalInfo"]) {
    if (data && typeof data[key] === "string") nested[key] = decodePart(data[key].split(".")[1] || "");
  }
  return { header: decodedHeader, payload: decodedPayload, nested };
}

function facts(pairs) {
  const list = element("dl");
  for (const [name, value] of pairs) {
    if (value === undefined || value === null || value === "") continue;
    list.append(element("dt", { text: name }), element("dd", { text: value }));
  }
  return list;
}

function block(title, value, open = false) {
  return element("details", { open }, element("summary", { text: title }), element("pre", { text: pretty(value) }));
}

function show(title, body) {
  const panel = document.getElementById("detail");
  document.getElementById("detail-title").textContent = title;
  const target = document.getElementById("detail-body");
  clear(target);
  target.append(...body);
  panel.hidden = false;
  panel.focus();
}

/** Shows an event of a history (EventView JSON). */
export function showEvent(event, describe) {
  const body = [
    facts([
      ["What", describe(event)],
      ["Type", event.subtype ? `${event.notificationType} / ${event.subtype}` : event.notificationType],
      ["Signed", utc(event.signedDate)],
      ["Sequence", event.sequence],
      ["Notification UUID", event.notificationUUID],
      ["Caused by command", event.causedByCommandId || "time passing (no command)"],
      ["Routing key", event.routingKey],
    ]),
    block("Decoded fields (protobuf NotificationEvent)", event.fields, true),
  ];
  if (event.signedPayload) {
    const decoded = decodeJWS(event.signedPayload);
    const header = decoded.header ? { ...decoded.header, x5c: `${(decoded.header.x5c || []).length} certificate(s)` } : null;
    body.push(block("Signed payload: JWS header", header, false));
    body.push(block("Signed payload: decoded (what Apple's notification carries)", decoded.payload, true));
    for (const [key, value] of Object.entries(decoded.nested)) body.push(block(`${key}: decoded`, value, false));
    body.push(
      element("details", {}, element("summary", { text: "Signed payload (compact JWS)" }),
        element("textarea", { readonly: true, "aria-label": "Signed payload", text: event.signedPayload })),
    );
  } else {
    body.push(element("p", { class: "muted", text: "Not one of Apple's notification types: no signed payload." }));
  }
  show(`Event ${event.sequence}: ${event.notificationType}`, body);
}

/** Shows a transaction of a history (JWSTransactionDecodedPayload JSON). */
export function showTransaction(transaction, kind) {
  const revoked = transaction.revocationDate !== undefined;
  show(`Transaction ${transaction.transactionId}`, [
    facts([
      ["Period", `${utc(transaction.purchaseDate)} → ${utc(transaction.expiresDate)}`],
      ["Kind", kind],
      ["Product", transaction.productId],
      ["Price", money(transaction.price, transaction.currency)],
      ["Reason", transaction.transactionReason],
      ["Offer", transaction.offerType ? `type ${transaction.offerType} ${transaction.offerDiscountType || ""} ${transaction.offerPeriod || ""}` : ""],
      ["Upgraded", transaction.isUpgraded ? "yes: the customer upgraded away from it" : ""],
      ["Revoked", revoked ? `${utc(transaction.revocationDate)}, ${transaction.revocationPercentage !== undefined ? `${transaction.revocationPercentage / 1000} % prorated` : ""}` : ""],
    ]),
    block("Decoded transaction (JWSTransactionDecodedPayload)", transaction, true),
  ]);
}

/** Hides the panel. */
export function hideDetail() {
  document.getElementById("detail").hidden = true;
  onClose();
}

/** Wires the close button and Escape; `closed()` runs when the panel hides. */
export function initDetail(closed) {
  onClose = closed;
  document.getElementById("detail-close").addEventListener("click", hideDetail);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !document.getElementById("detail").hidden) hideDetail();
  });
}
