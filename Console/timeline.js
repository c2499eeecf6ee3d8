// The subscription timeline: GET /v1/subscriptions/{id}/history or /v1/customers/{id}/history,
// drawn as SVG on a time axis: the periods of its transactions (trial, offer, paid) and one lane
// per kind of event (renewals, price changes and consent, each communication channel, plan
// changes, extensions, billing retry and grace, status and expiry). Every mark is a button (Tab,
// Enter) that opens its event; the list under the drawing holds the same marks as text.
import { api } from "./api.js";
import { hideDetail, showEvent, showTransaction } from "./detail.js";
import { onEvent } from "./events.js";
import { clear, day, element, enumWords, money, statusName, utc } from "./format.js";

const svgNS = "http://www.w3.org/2000/svg";
const lanes = [
  { id: "periods", label: "Periods" },
  { id: "renewals", label: "Purchase & renewals" },
  { id: "prices", label: "Price changes & consent" },
  { id: "email", label: "Email" },
  { id: "sheet", label: "Price increase sheet" },
  { id: "push", label: "Push" },
  { id: "plan", label: "Plan changes" },
  { id: "extensions", label: "Extensions" },
  { id: "billing", label: "Billing retry & grace" },
  { id: "lifecycle", label: "Status & expiry" },
];

let current = null; // { by, value, history, index }
let selected = null;
let refreshTimer = null;

/** The lane of an event. */
export function laneOf(event) {
  switch (event.notificationType) {
    case "SUBSCRIBED":
    case "DID_RENEW":
    case "OFFER_REDEEMED":
      return "renewals";
    case "PRICE_CHANGE":
    case "PRICE_INCREASE":
      return "prices";
    case "SUBSCRIBER_COMMUNICATION": {
      const channel = event.fields?.communication?.channel || "";
      if (channel.endsWith("EMAIL")) return "email";
      if (channel.endsWith("SHEET")) return "sheet";
      return "push";
    }
    case "DID_CHANGE_RENEWAL_PREF":
      return "plan";
    case "RETENTION_MESSAGE": {
      // docs/retention-messaging.md: the offer auto-renew off opened, what was shown, the answer.
      const offer = event.fields?.retention?.retention || {};
      const shown = offer.presentation || {};
      if (event.subtype === "RETENTION_REQUESTED") return "auto-renew off asked: the app's retention endpoint is called";
      if (event.subtype === "RETENTION_PRESENTED") {
        const source = enumWords(shown.source, "RETENTION_MESSAGE_SOURCE_") || "?";
        const reason = shown.fallbackReason ? `, because ${enumWords(shown.fallbackReason, "RETENTION_FALLBACK_REASON_")}` : "";
        const choice = shown.alternateProductId ? ` suggesting ${shown.alternateProductId}`
          : shown.promotionalOfferIdentifier ? ` offering ${shown.promotionalOfferIdentifier}` : "";
        return `retention message shown (${source}${reason})${choice}`;
      }
      return `retention offer answered: ${enumWords(offer.answer, "RETENTION_ANSWER_") || "?"}`;
    }
    case "RENEWAL_EXTENDED":
    case "RENEWAL_EXTENSION":
      return "extensions";
    case "DID_FAIL_TO_RENEW":
    case "GRACE_PERIOD_EXPIRED":
      return "billing";
    default:
      return "lifecycle";
  }
}

function price(info) {
  // A free period's transaction leaves its zero price out (protobuf's JSON omits defaults).
  return info ? money(info.price ?? 0, info.currency) : "";
}

/** One line saying what an event means. */
export function describe(event) {
  const data = event.fields?.data || {};
  const transaction = data.transactionInfo;
  const renewal = data.renewalInfo;
  switch (event.notificationType) {
    case "SUBSCRIBED":
      return `${event.subtype === "RESUBSCRIBE" ? "resubscribed" : "subscribed"} to ${transaction?.productId || "?"} at ${price(transaction)}`;
    case "DID_RENEW":
      return `${event.subtype === "BILLING_RECOVERY" ? "renewed after billing recovery" : "renewed"} at ${price(transaction)}`;
    case "OFFER_REDEEMED":
      return `offer redeemed${event.subtype ? ` (${enumWords(event.subtype)})` : ""}`;
    case "PRICE_CHANGE":
      return `price change requested: next renewal at ${renewal ? money(renewal.renewalPrice, renewal.currency) : "?"}`;
    case "PRICE_INCREASE":
      if (event.subtype === "PENDING") return "price increase awaiting the subscriber's consent";
      return event.causedByCommandId ? "price increase: the subscriber consented" : "price increase accepted (no consent needed)";
    case "SUBSCRIBER_COMMUNICATION": {
      const communication = event.fields?.communication || {};
      const kind = enumWords(communication.kind, "COMMUNICATION_KIND_") || "communication";
      const channel = enumWords(communication.channel, "COMMUNICATION_CHANNEL_") || "?";
      return `${kind} by ${channel}${communication.consentRequired ? " (consent required)" : ""}`;
    }
    case "DID_CHANGE_RENEWAL_PREF":
      if (event.subtype === "UPGRADE") return `upgraded to ${transaction?.productId || "?"} at once`;
      if (event.subtype === "DOWNGRADE") return `${renewal?.autoRenewProductId || "?"} from the next renewal (downgrade or crossgrade)`;
      return `renewal preference changed: ${renewal?.autoRenewProductId || "?"} renews next`;
    case "DID_CHANGE_RENEWAL_STATUS":
      return event.subtype === "AUTO_RENEW_DISABLED" ? "auto-renew turned off" : "auto-renew turned on";
    case "DID_FAIL_TO_RENEW":
      return event.subtype === "GRACE_PERIOD" ? "renewal failed: billing grace period" : "renewal failed: billing retry";
    case "GRACE_PERIOD_EXPIRED":
      return "grace period ended without recovery";
    case "EXPIRED":
      return `expired: ${enumWords(event.subtype) || "?"}`;
    case "RETENTION_MESSAGE": {
      // docs/retention-messaging.md: the offer auto-renew off opened, what was shown, the answer.
      const offer = event.fields?.retention?.retention || {};
      const shown = offer.presentation || {};
      if (event.subtype === "RETENTION_REQUESTED") return "auto-renew off asked: the app's retention endpoint is called";
      if (event.subtype === "RETENTION_PRESENTED") {
        const source = enumWords(shown.source, "RETENTION_MESSAGE_SOURCE_") || "?";
        const reason = shown.fallbackReason ? `, because ${enumWords(shown.fallbackReason, "RETENTION_FALLBACK_REASON_")}` : "";
        const choice = shown.alternateProductId ? ` suggesting ${shown.alternateProductId}`
          : shown.promotionalOfferIdentifier ? ` offering ${shown.promotionalOfferIdentifier}` : "";
        return `retention message shown (${source}${reason})${choice}`;
      }
      return `retention offer answered: ${enumWords(offer.answer, "RETENTION_ANSWER_") || "?"}`;
    }
    case "RENEWAL_EXTENDED":
      return `renewal date extended to ${renewal ? utc(renewal.renewalDate ? Date.parse(renewal.renewalDate) : undefined) : "?"}`;
    default:
      return `${enumWords(event.notificationType)}${event.subtype ? ` (${enumWords(event.subtype)})` : ""}`;
  }
}

/** The kind of a transaction's period. */
export function periodKind(transaction) {
  if (transaction.offerType && Number(transaction.price || 0) === 0) return "trial";
  if (transaction.offerType) return "offer";
  return "paid";
}

function bands(events, now) {
  const result = [];
  let open = null;
  for (const event of events) {
    if (event.notificationType === "DID_FAIL_TO_RENEW") {
      if (open) result.push({ ...open, end: event.signedDate });
      open = { kind: event.subtype === "GRACE_PERIOD" ? "grace" : "retry", start: event.signedDate };
    } else if (open && event.notificationType === "GRACE_PERIOD_EXPIRED") {
      result.push({ ...open, end: event.signedDate });
      open = { kind: "retry", start: event.signedDate };
    } else if (open && (event.notificationType === "DID_RENEW" || event.notificationType === "EXPIRED")) {
      result.push({ ...open, end: event.signedDate });
      open = null;
    }
  }
  if (open) result.push({ ...open, end: now });
  return result;
}

function svg(name, attributes = {}, text) {
  const node = document.createElementNS(svgNS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function ticks(start, end, width) {
  const dayMs = 86400000;
  const span = end - start;
  const wanted = Math.max(2, Math.floor(width / 90));
  const steps = [
    { months: 0, days: 1 }, { months: 0, days: 7 }, { months: 1 }, { months: 3 }, { months: 6 }, { months: 12 }, { months: 60 },
  ];
  const step = steps.find((candidate) => (candidate.months ? candidate.months * 30.4 * dayMs : candidate.days * dayMs) * wanted >= span) || steps.at(-1);
  const result = [];
  const first = new Date(start);
  let cursor = step.months
    ? Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1)
    : Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate() + 1);
  while (cursor <= end && result.length < 200) {
    result.push(cursor);
    const date = new Date(cursor);
    cursor = step.months
      ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step.months, 1)
      : Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + step.days);
  }
  return { values: result, monthly: Boolean(step.months) };
}

function key(kind, id) {
  return `${kind}:${id}`;
}

function select(markKey) {
  selected = markKey;
  for (const node of document.querySelectorAll("[data-key]")) node.setAttribute("aria-pressed", String(node.dataset.key === markKey));
}

function open(markKey, subscription) {
  select(markKey);
  const [kind, id] = markKey.split(":");
  if (kind === "event") {
    const event = subscription.events.find((candidate) => String(candidate.sequence) === id);
    if (event) showEvent(event, describe);
  } else {
    const transaction = subscription.transactions.find((candidate) => candidate.transactionId === id);
    if (transaction) showTransaction(transaction, periodKind(transaction));
  }
}

function activate(node, markKey, subscription) {
  node.addEventListener("click", () => open(markKey, subscription));
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      open(markKey, subscription);
    }
  });
}

function draw(subscription, now) {
  const host = document.getElementById("timeline-svg");
  clear(host);
  const width = Math.max(280, host.clientWidth || 800);
  const wide = width >= 640;
  const labelWidth = wide ? 160 : 0;
  const laneHeight = wide ? 28 : 40;
  const top = 8;
  const events = subscription.events;
  const transactions = subscription.transactions;
  const renewalDate = subscription.renewalInfo?.renewalDate;
  const times = [now, ...events.map((event) => event.signedDate)];
  for (const transaction of transactions) times.push(transaction.purchaseDate, transaction.expiresDate);
  if (renewalDate) times.push(renewalDate);
  let start = Math.min(...times.filter(Number.isFinite));
  let end = Math.max(...times.filter(Number.isFinite));
  if (end - start < 86400000) end = start + 86400000;
  const pad = (end - start) * 0.03;
  start -= pad;
  end += pad;
  const plotLeft = labelWidth + 8;
  const plotWidth = width - plotLeft - 12;
  const x = (time) => plotLeft + ((time - start) / (end - start)) * plotWidth;

  const used = new Set(["periods", ...events.map(laneOf)]);
  const shown = lanes.filter((lane) => used.has(lane.id));
  const laneY = new Map(shown.map((lane, index) => [lane.id, top + index * laneHeight + (wide ? 0 : 12)]));
  const axisY = top + shown.length * laneHeight + 6;
  const height = axisY + 30;
  const root = svg("svg", {
    width, height, viewBox: `0 0 ${width} ${height}`, role: "group",
    "aria-label": `Timeline of subscription ${subscription.originalTransactionId}, ${day(start)} to ${day(end)}`,
  });

  for (const lane of shown) {
    const y = laneY.get(lane.id);
    root.append(svg("line", { class: "lane-line", x1: plotLeft, x2: width - 12, y1: y + laneHeight / 2, y2: y + laneHeight / 2 }));
    // Narrow: the label sits at the top of its own lane, above the marks and the period bars.
    root.append(svg("text", wide ? { class: "lane-label", x: 4, y: y + laneHeight / 2 + 4 } : { class: "lane-label", x: 4, y: y + 10 }, lane.label));
  }

  const axis = svg("g", { class: "axis" });
  const scale = ticks(start, end, plotWidth);
  for (const value of scale.values) {
    axis.append(svg("line", { x1: x(value), x2: x(value), y1: top, y2: axisY }));
    const label = scale.monthly ? new Date(value).toISOString().slice(0, 7) : day(value).slice(5);
    axis.append(svg("text", { x: x(value) + 2, y: axisY + 14 }, label));
  }
  root.append(axis);

  const billingY = laneY.get("billing");
  if (billingY !== undefined) {
    for (const band of bands(events, now)) {
      root.append(svg("rect", {
        class: "band", "data-kind": band.kind, x: x(band.start), y: billingY + (wide ? 4 : 12),
        width: Math.max(2, x(band.end) - x(band.start)), height: laneHeight - (wide ? 8 : 16),
      }));
    }
  }

  const periodY = laneY.get("periods");
  for (const transaction of transactions) {
    const kind = periodKind(transaction);
    const revoked = transaction.revocationDate !== undefined;
    const periodEnd = revoked ? Math.min(transaction.expiresDate, transaction.revocationDate) : transaction.expiresDate;
    const left = x(transaction.purchaseDate);
    const barWidth = Math.max(3, x(periodEnd) - left);
    const markKey = key("transaction", transaction.transactionId);
    const label = `${kind} period ${day(transaction.purchaseDate)} to ${day(periodEnd)}, ${money(transaction.price, transaction.currency)}${transaction.isUpgraded ? ", upgraded away" : ""}${revoked ? ", revoked" : ""}`;
    const group = svg("g", {
      class: "period", "data-kind": kind, "data-key": markKey, "data-transaction": transaction.transactionId,
      "data-revoked": String(revoked), tabindex: 0, role: "button", "aria-label": label, "aria-pressed": "false",
    });
    group.append(svg("title", {}, label));
    const barTop = periodY + (wide ? 4 : 14);
    const barHeight = laneHeight - (wide ? 8 : 17);
    group.append(svg("rect", { x: left, y: barTop, width: barWidth, height: barHeight, rx: 3 }));
    const text = money(transaction.price, transaction.currency);
    if (barWidth > text.length * 6.5 + 6) group.append(svg("text", { x: left + 4, y: barTop + barHeight / 2 + 4 }, text));
    activate(group, markKey, subscription);
    root.append(group);
  }

  const lastX = new Map();
  for (const event of events) {
    const lane = laneOf(event);
    const y = laneY.get(lane) + laneHeight / 2;
    let cx = x(event.signedDate);
    const previous = lastX.get(lane);
    if (previous !== undefined && cx - previous < 7) cx = previous + 7;
    lastX.set(lane, cx);
    const markKey = key("event", event.sequence);
    const text = `${utc(event.signedDate)}: ${describe(event)}`;
    const group = svg("g", {
      class: `mark lane-${lane}`, "data-key": markKey, "data-type": event.notificationType, "data-subtype": event.subtype || "",
      "data-lane": lane, "data-sequence": event.sequence, tabindex: 0, role: "button", "aria-label": text, "aria-pressed": "false",
    });
    group.append(svg("title", {}, text));
    if (lane === "lifecycle" || lane === "plan") {
      group.append(svg("path", { d: `M ${cx} ${y - 7} L ${cx + 7} ${y} L ${cx} ${y + 7} L ${cx - 7} ${y} Z` }));
    } else if (lane === "email" || lane === "sheet" || lane === "push") {
      group.append(svg("rect", { x: cx - 5, y: y - 5, width: 10, height: 10, rx: 2 }));
    } else {
      group.append(svg("circle", { cx, cy: y, r: 6 }));
    }
    activate(group, markKey, subscription);
    root.append(group);
  }

  const nowMark = svg("g", { class: "now" });
  nowMark.append(svg("line", { x1: x(now), x2: x(now), y1: top, y2: axisY }));
  nowMark.append(svg("text", { x: Math.min(x(now) + 3, width - 30), y: top + 8 }, "now"));
  root.append(nowMark);
  host.append(root);
  document.getElementById("timeline-caption").textContent =
    `${day(start)} to ${day(end)} (UTC). Now: ${utc(now)}. Periods: violet trial, amber offer, blue paid; dashed: revoked or upgraded away.`;
}

function renderList(subscription) {
  const list = document.getElementById("mark-list");
  clear(list);
  const items = [
    ...subscription.transactions.map((transaction) => ({
      time: transaction.purchaseDate, markKey: key("transaction", transaction.transactionId),
      text: `${periodKind(transaction)} period until ${utc(transaction.expiresDate)} at ${money(transaction.price, transaction.currency)}${transaction.revocationDate !== undefined ? " (revoked)" : ""}`,
    })),
    ...subscription.events.map((event) => ({
      time: event.signedDate, markKey: key("event", event.sequence), text: `#${event.sequence} ${describe(event)}`,
    })),
  ].sort((a, b) => a.time - b.time);
  for (const item of items) {
    const button = element("button", { type: "button", "data-key": item.markKey, "aria-pressed": "false" },
      element("time", { text: utc(item.time) }), element("span", { text: item.text }));
    button.addEventListener("click", () => open(item.markKey, subscription));
    list.append(element("li", {}, button));
  }
  document.getElementById("marks").hidden = items.length === 0;
}

function renderSummary(history, subscription) {
  const target = document.getElementById("summary");
  clear(target);
  const renewal = subscription.renewalInfo || {};
  const list = element("dl");
  const facts = [
    ["Subscription", subscription.originalTransactionId],
    ["Customer", subscription.customerId],
    ["Product", subscription.productId],
    ["Status", statusName(subscription.status)],
    ["Renews", renewal.renewalDate ? `${utc(renewal.renewalDate)} at ${money(renewal.renewalPrice, renewal.currency)}` : "—"],
    ["Auto-renew", renewal.autoRenewStatus === 1 ? `on (${renewal.autoRenewProductId})` : "off"],
    ["Price increase", renewal.priceIncreaseStatus === undefined ? "none pending" : renewal.priceIncreaseStatus === 1 ? "consented" : "awaiting consent"],
    ["Events", history.archiveEnabled
      ? `${subscription.events.length} archived of ${subscription.lastSequence}${subscription.eventsTruncated ? " (older ones left out: raise eventLimit)" : ""}`
      : "the consumer keeps no event archive (EVENT_ARCHIVE=off)"],
  ];
  for (const [name, value] of facts) list.append(element("dt", { text: name }), element("dd", { text: value }));
  target.append(list);
}

function render() {
  if (!current) return;
  const { history, index } = current;
  const subscription = history.subscriptions[index];
  renderSummary(history, subscription);
  document.getElementById("timeline-figure").hidden = false;
  draw(subscription, history.now);
  renderList(subscription);
  if (selected) select(selected);
}

function renderPicker() {
  const picker = document.getElementById("subscription-picker");
  const list = document.getElementById("subscription-list");
  clear(list);
  const subscriptions = current.history.subscriptions;
  picker.hidden = subscriptions.length < 2;
  subscriptions.forEach((subscription, index) => {
    const button = element("button", { type: "button", "aria-pressed": String(index === current.index) },
      `${subscription.productId} · ${subscription.originalTransactionId} · ${statusName(subscription.status)}`);
    button.addEventListener("click", () => {
      current.index = index;
      selected = null;
      hideDetail();
      renderPicker();
      render();
    });
    list.append(element("li", {}, button));
  });
}

/** Fetches and draws the history of a transaction id or a customer id. */
export async function showHistory(by, value, { keepSelection = false } = {}) {
  const path = by === "customer"
    ? `/v1/customers/${encodeURIComponent(value)}/history`
    : `/v1/subscriptions/${encodeURIComponent(value)}/history`;
  const history = await api(path);
  const previousId = current?.history.subscriptions[current.index]?.originalTransactionId;
  let index = history.subscriptions.findIndex((subscription) => subscription.originalTransactionId === previousId);
  if (index < 0 || (current && (current.by !== by || current.value !== value))) index = 0;
  if (!keepSelection) selected = null;
  current = { by, value, history, index };
  renderPicker();
  render();
  document.getElementById("timeline-figure").dataset.loaded = String(Date.now());
}

/** Fetches the shown history again (after the clock moved or an event of it arrived). */
export async function refreshHistory() {
  if (!current) return;
  await showHistory(current.by, current.value, { keepSelection: true });
}

/** The subscription shown, if any. */
export function shownSubscriptionId() {
  return current ? current.history.subscriptions[current.index]?.originalTransactionId : null;
}

/** Wires the search form, redraws on resize, and refreshes when an event of the shown subscription arrives. */
export function initTimeline(report) {
  document.getElementById("search").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const value = form.elements.q.value.trim();
    const by = form.elements.by.value;
    if (!value) return;
    try {
      hideDetail();
      await showHistory(by, value);
      report(null);
    } catch (error) {
      report(error);
    }
  });
  let resizeTimer = null;
  new ResizeObserver(() => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(render, 120);
  }).observe(document.getElementById("timeline-svg"));
  onEvent((event) => {
    if (!current || !current.history.subscriptions.some((subscription) => subscription.originalTransactionId === event.subscriptionId)) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => refreshHistory().catch(report), 400);
  });
}

/** Shows `subscriptionId`'s timeline from elsewhere (a live event's row). */
export async function openSubscription(subscriptionId) {
  const form = document.getElementById("search");
  form.elements.q.value = subscriptionId;
  form.elements.by.value = "transaction";
  await showHistory("transaction", subscriptionId);
}
