// Live events: the producer's server-sent event stream (GET /v1/events/stream), read with fetch
// so the operator token travels in the Authorization header. Other views listen through
// onEvent(); this view lists the events, filters them by type and subscription, and counts them
// by type.
import { ApiError, readEventStream, token } from "./api.js";
import { clear, element, utc } from "./format.js";

const listeners = new Set();
const maximumRows = 500;
let controller = null;
let lastId = null;
let paused = false;
const counts = new Map();
let connection = null;
let showSubscription = () => {};

/** Calls `listener(event)` for every event that arrives; returns a function that stops it. */
export function onEvent(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setConnection(state, text) {
  connection.dataset.state = state;
  connection.textContent = text;
}

/** (Re)starts the stream with the current token; stops it without one. */
export function restartStream() {
  controller?.abort();
  controller = null;
  if (!token()) {
    setConnection("off", "No token");
    return;
  }
  const own = new AbortController();
  controller = own;
  run(own).catch(() => {});
}

async function run(own) {
  let delay = 1000;
  while (!own.signal.aborted) {
    setConnection("connecting", "Connecting to live events…");
    try {
      await readEventStream("/v1/events/stream", own.signal, (frame) => {
        if (frame.event === "ready") {
          setConnection("live", "Live events connected");
          delay = 1000;
        } else if (frame.event === "notification") {
          receive(frame);
        }
      });
      if (own.signal.aborted) return;
      setConnection("connecting", "Live events ended; reconnecting…");
    } catch (error) {
      if (own.signal.aborted) return;
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        setConnection("error", `Token refused (${error.status}): ${error.errorMessage}`);
        return;
      }
      setConnection("error", `Live events lost (${error.message}); retrying`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 15000);
  }
}

function receive(frame) {
  let event;
  try {
    event = JSON.parse(frame.data);
  } catch {
    return;
  }
  const id = Number(frame.id);
  const missed = lastId !== null && id > lastId + 1 ? id - lastId - 1 : 0;
  lastId = id;
  counts.set(event.notificationType, (counts.get(event.notificationType) || 0) + 1);
  renderCounts();
  if (!paused) addRow(event, id, missed);
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error(error);
    }
  }
}

function typeLabel(event) {
  return event.subtype ? `${event.notificationType}.${event.subtype}` : event.notificationType;
}

function addRow(event, id, missed) {
  const rows = document.getElementById("event-rows");
  if (missed > 0) {
    rows.prepend(element("tr", { class: "gap" }, element("td", { colspan: 5, text: `${missed} event(s) not received: this page was too slow for the bus` })));
  }
  const subscription = event.subscriptionId
    ? element("button", { type: "button", class: "link", title: "Show its timeline", text: event.subscriptionId })
    : "—";
  if (event.subscriptionId) subscription.addEventListener("click", () => showSubscription(event.subscriptionId));
  const row = element(
    "tr",
    { "data-type": event.notificationType, "data-subscription": event.subscriptionId || "" },
    element("td", { text: id }),
    element("td", { text: utc(event.signedDate) }),
    element("td", { text: typeLabel(event) }),
    element("td", {}, subscription),
    element("td", { text: event.sequence }),
  );
  rows.prepend(row);
  applyFilter(row);
  while (rows.children.length > maximumRows) rows.lastElementChild.remove();
  const select = document.getElementById("filter-type");
  if (![...select.options].some((option) => option.value === event.notificationType)) {
    select.append(element("option", { value: event.notificationType, text: event.notificationType }));
  }
}

function applyFilter(row) {
  const type = document.getElementById("filter-type").value;
  const subscription = document.getElementById("filter-subscription").value.trim();
  if (row.classList.contains("gap")) return;
  row.hidden = (type && row.dataset.type !== type) || (subscription && row.dataset.subscription !== subscription);
}

function renderCounts() {
  const body = document.getElementById("count-rows");
  clear(body);
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  for (const [type, count] of sorted) {
    body.append(element("tr", { "data-type": type }, element("td", { text: type }), element("td", { text: count })));
  }
  const total = [...counts.values()].reduce((sum, value) => sum + value, 0);
  document.getElementById("events-state").textContent = `${total} event(s) received since the page opened.`;
}

/** Wires the view; `open(subscriptionId)` shows a subscription's timeline. */
export function initEvents(open) {
  connection = document.getElementById("connection");
  showSubscription = open;
  const refilter = () => {
    for (const row of document.getElementById("event-rows").children) applyFilter(row);
  };
  document.getElementById("filter-type").addEventListener("change", refilter);
  document.getElementById("filter-subscription").addEventListener("input", refilter);
  document.getElementById("event-filter").addEventListener("submit", (event) => event.preventDefault());
  const pause = document.getElementById("events-pause");
  pause.addEventListener("click", () => {
    paused = !paused;
    pause.setAttribute("aria-pressed", String(paused));
    pause.textContent = paused ? "Resume" : "Pause";
  });
  document.getElementById("events-clear").addEventListener("click", () => {
    clear(document.getElementById("event-rows"));
    counts.clear();
    renderCounts();
  });
}
