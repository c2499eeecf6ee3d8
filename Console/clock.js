// The test clock panel, kept apart from the rest of the console so that it can follow the test
// clock's API alone (docs/console.md, "Test clock"): it reads the consumer's clock from
// GET /v1/status and moves it with POST /v1/testClock/advance (CLOCK=manual), then lists the
// transitions that fired: the events without a causing command whose signed date falls in the
// advanced interval, as they arrive on the live stream.
import { api, newKey } from "./api.js";
import { onEvent } from "./events.js";
import { clear, element, utc } from "./format.js";

const recent = [];
let mode = null;
let now = null;
let afterAdvance = () => {};

function remember(event) {
  recent.push({ event, at: Date.now() });
  while (recent.length && Date.now() - recent[0].at > 30000) recent.shift();
}

function renderNow() {
  const target = document.getElementById("clock-now");
  if (mode === null) {
    target.textContent = "No consumer has reported yet.";
  } else {
    target.textContent = `${utc(now)} (${mode === "manual" ? "test clock" : "system clock: cannot be moved"})`;
  }
  target.dataset.now = now === null ? "" : String(now);
  for (const button of document.querySelectorAll("#clock button[type=submit]")) button.disabled = mode !== "manual";
}

/** Reads the clock of the freshest consumer from GET /v1/status. */
export async function loadClock() {
  const status = await api("/v1/status");
  const consumer = status.consumers.find((candidate) => !candidate.stale) || status.consumers[0];
  mode = consumer ? consumer.clock.mode : null;
  now = consumer ? consumer.clock.now : null;
  renderNow();
}

async function advance(body, describe) {
  const result = document.getElementById("clock-result");
  clear(result);
  result.append(element("p", { text: `Advancing ${describe}…` }));
  try {
    const answer = await api("/v1/testClock/advance", { method: "POST", body, idempotencyKey: newKey() });
    now = answer.now;
    mode = "manual";
    renderNow();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const fired = recent
      .map((item) => item.event)
      .filter((event) => !event.causedByCommandId && event.signedDate > answer.previousNow && event.signedDate <= answer.now)
      .sort((a, b) => a.signedDate - b.signedDate || a.sequence - b.sequence);
    clear(result);
    result.dataset.transitions = String(answer.transitionsFired);
    result.append(
      element("p", { text: `${utc(answer.previousNow)} → ${utc(answer.now)}: ${answer.transitionsFired} transition(s), ${answer.eventsPublished} event(s).` }),
    );
    const list = element("ul");
    for (const event of fired) {
      list.append(element("li", { text: `${utc(event.signedDate)} ${event.notificationType}${event.subtype ? `.${event.subtype}` : ""} ${event.subscriptionId}` }));
    }
    if (fired.length) result.append(list);
    else if (answer.eventsPublished > 0) result.append(element("p", { class: "muted", text: "The events are on their way (see Live events)." }));
    afterAdvance();
  } catch (error) {
    clear(result);
    result.append(element("p", { class: "error", role: "alert", text: `The clock did not move: ${error.message}` }));
  }
}

/** Wires the panel; `advanced()` runs after every advance (the timeline refreshes). */
export function initClock(advanced) {
  afterAdvance = advanced;
  onEvent(remember);
  document.getElementById("clock-by").addEventListener("submit", (event) => {
    event.preventDefault();
    const duration = document.getElementById("clock-duration").value.trim();
    if (duration) advance({ advanceBy: duration }, `by ${duration}`);
  });
  for (const button of document.querySelectorAll("#clock [data-duration]")) {
    button.addEventListener("click", () => {
      document.getElementById("clock-duration").value = button.dataset.duration;
      advance({ advanceBy: button.dataset.duration }, `by ${button.dataset.duration}`);
    });
  }
  document.getElementById("clock-to").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = document.getElementById("clock-date").value;
    const target = Date.parse(value.length === 16 ? `${value}:00Z` : `${value}Z`);
    if (Number.isFinite(target)) advance({ advanceTo: target }, `to ${utc(target)}`);
  });
  renderNow();
}
