// The console's entry point: the token, the views (tabs), and the wiring between them.
import { ApiError, setToken, token } from "./api.js";
import { initClock, loadClock } from "./clock.js";
import { initDeadLetters, loadDeadLetters } from "./deadletters.js";
import { initDetail } from "./detail.js";
import { initEvents, restartStream } from "./events.js";
import { initHealth, showHealth } from "./health.js";
import { initTimeline, openSubscription, refreshHistory } from "./timeline.js";

const views = ["timeline", "events", "deadletters", "health"];

/** Shows an error in the notice line; null hides it. */
function report(error) {
  const notice = document.getElementById("notice");
  if (!error) {
    notice.hidden = true;
    notice.textContent = "";
    return;
  }
  if (error instanceof ApiError && error.status === 401) {
    notice.textContent = `The producer refused the token: ${error.errorMessage}. Paste a fresh operator token (subscriptionsctl token).`;
  } else if (error instanceof ApiError && error.status === 403) {
    notice.textContent = `This token may not do that: ${error.errorMessage}. The console needs an operator key's token.`;
  } else {
    notice.textContent = error.message || String(error);
  }
  notice.hidden = false;
}

function show(view) {
  for (const name of views) {
    document.getElementById(`view-${name}`).hidden = name !== view;
    const tab = document.querySelector(`.tabs [data-view="${name}"]`);
    if (name === view) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  showHealth(view === "health");
  if (view === "deadletters" && token()) loadDeadLetters();
  history.replaceState(null, "", `#${view}`);
}

function tokenChanged() {
  restartStream();
  if (token()) loadClock().catch(report);
}

function start() {
  initDetail(() => {
    for (const node of document.querySelectorAll("[data-key][aria-pressed=true]")) node.setAttribute("aria-pressed", "false");
  });
  initEvents((subscriptionId) => {
    show("timeline");
    openSubscription(subscriptionId).catch(report);
  });
  initTimeline(report);
  initClock(() => {
    refreshHistory().catch(report);
    loadClock().catch(report);
  });
  initDeadLetters(report);
  initHealth(report);

  const form = document.getElementById("token-form");
  const input = document.getElementById("token-input");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    setToken(input.value.trim());
    input.value = "";
    input.placeholder = token() ? "token kept for this tab" : "paste the output of subscriptionsctl token";
    report(null);
  });
  document.getElementById("token-forget").addEventListener("click", () => {
    setToken("");
    input.placeholder = "paste the output of subscriptionsctl token";
  });
  window.addEventListener("console-token", tokenChanged);
  if (token()) input.placeholder = "token kept for this tab";

  for (const tab of document.querySelectorAll(".tabs [data-view]")) {
    tab.addEventListener("click", () => show(tab.dataset.view));
  }
  const initial = location.hash.slice(1);
  show(views.includes(initial) ? initial : "timeline");
  tokenChanged();
  document.body.dataset.ready = "true";
}

start();
