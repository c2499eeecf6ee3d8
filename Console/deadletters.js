// Dead letters: GET /v1/deadLetters lists the commands the consumer gave up on, with their
// reasons; POST /v1/deadLetters/replay sends one (or all) back to the commands exchange, as
// `subscriptionsctl dlq replay` does. Listing is on request only: every listing takes the
// messages from the queue and hands them back.
import { api } from "./api.js";
import { clear, element, utc } from "./format.js";

let report = () => {};

function row(entry) {
  const button = element("button", { type: "button", "data-command": entry.commandId, text: "Replay" });
  button.setAttribute("aria-label", `Replay command ${entry.commandId}`);
  button.addEventListener("click", () => replay({ commandId: entry.commandId }));
  return element(
    "tr",
    { "data-command": entry.commandId },
    element("td", { text: entry.commandId }),
    element("td", { text: entry.method }),
    element("td", { text: entry.reason }),
    element("td", { text: entry.message || "—" }),
    element("td", { text: entry.issuedAt ? utc(entry.issuedAt) : "—" }),
    element("td", {}, button),
  );
}

/** Lists the dead-lettered commands. */
export async function loadDeadLetters() {
  const state = document.getElementById("dead-state");
  state.textContent = "Reading the dead-letter queue…";
  try {
    const listing = await api("/v1/deadLetters?limit=100");
    const rows = document.getElementById("dead-rows");
    clear(rows);
    for (const entry of listing.entries) rows.append(row(entry));
    state.textContent = `${listing.total} command(s) in ${listing.queue}${listing.total > listing.entries.length ? `, first ${listing.entries.length} shown` : ""}.`;
    state.dataset.total = String(listing.total);
    report(null);
  } catch (error) {
    state.textContent = "";
    report(error);
  }
}

async function replay(body) {
  const state = document.getElementById("dead-state");
  try {
    const answer = await api("/v1/deadLetters/replay", { method: "POST", body });
    state.textContent = `Replayed ${answer.replayed.length}: ${answer.replayed.map((entry) => `${entry.method} ${entry.commandId}`).join(", ") || "nothing"}.`;
    state.dataset.replayed = answer.replayed.map((entry) => entry.commandId).join(" ");
    for (const entry of answer.replayed) document.querySelector(`#dead-rows tr[data-command="${CSS.escape(entry.commandId)}"]`)?.remove();
    report(null);
  } catch (error) {
    report(error);
  }
}

/** Wires the buttons; `problem(error)` shows an error (null clears it). */
export function initDeadLetters(problem) {
  report = problem;
  document.getElementById("dead-refresh").addEventListener("click", loadDeadLetters);
  document.getElementById("dead-replay-all").addEventListener("click", () => replay({ all: true }));
}
