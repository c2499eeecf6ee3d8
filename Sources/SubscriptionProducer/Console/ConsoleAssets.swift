// Generated from Console/ by scripts/check-console-assets.sh --write; do not edit.

/// The console's page and static files (docs/console.md), served at `GET /console` and
/// `GET /console/{asset}`.
enum ConsoleAssets {
    /// One file: its content type and text.
    struct Asset: Sendable {
        let contentType: String
        let body: String
    }

    /// Every file by name.
    static let files: [String: Asset] = [
        "api.js": Asset(
            contentType: "text/javascript; charset=utf-8",
            body: ##"""
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
                """##),
        "clock.js": Asset(
            contentType: "text/javascript; charset=utf-8",
            body: ##"""
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
                """##),
        "console.css": Asset(
            contentType: "text/css; charset=utf-8",
            body: ##"""
                /* The console's styles: system fonts, no external resources (docs/console.md). */
                :root {
                  --ink: #1b1f24;
                  --muted: #57606a;
                  --line: #d0d7de;
                  --paper: #ffffff;
                  --shade: #f6f8fa;
                  --accent: #0a58ca;
                  --good: #1a7f37;
                  --warn: #9a6700;
                  --bad: #cf222e;
                  --trial: #8250df;
                  --offer: #bf8700;
                  --paid: #0a58ca;
                  --focus: #fb8500;
                  color-scheme: light;
                  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
                  font-size: 15px;
                  line-height: 1.4;
                  color: var(--ink);
                  background: var(--paper);
                }

                * { box-sizing: border-box; }
                body { margin: 0; }
                h1 { font-size: 1.15rem; margin: 0; }
                h2 { font-size: 1.1rem; margin: 0 0 .6rem; }
                h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
                button, input, select { font: inherit; }
                button {
                  border: 1px solid var(--line);
                  background: var(--shade);
                  border-radius: 6px;
                  padding: .3rem .7rem;
                  cursor: pointer;
                  color: var(--ink);
                }
                button:hover { background: #eef1f4; }
                button[disabled] { opacity: .5; cursor: default; }
                input, select {
                  border: 1px solid var(--line);
                  border-radius: 6px;
                  padding: .3rem .5rem;
                  min-width: 0;
                }
                :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
                .skip { position: absolute; left: -999px; }
                .skip:focus { left: .5rem; top: .5rem; background: var(--paper); padding: .4rem; z-index: 10; }
                .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
                .muted { color: var(--muted); }
                .row { display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; }

                .bar {
                  display: flex;
                  flex-wrap: wrap;
                  align-items: center;
                  gap: .6rem 1.2rem;
                  padding: .6rem 1rem;
                  border-bottom: 1px solid var(--line);
                  background: var(--shade);
                }
                .token { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; flex: 1 1 28rem; }
                .token input { flex: 1 1 12rem; }
                .connection { margin: 0; font-size: .9rem; }
                .connection::before { content: "●"; margin-right: .3rem; color: var(--muted); }
                .connection[data-state="live"]::before { color: var(--good); }
                .connection[data-state="error"]::before { color: var(--bad); }
                .connection[data-state="connecting"]::before { color: var(--warn); }

                .tabs { display: flex; gap: .2rem; padding: .4rem 1rem 0; border-bottom: 1px solid var(--line); overflow-x: auto; }
                .tabs button { border-radius: 6px 6px 0 0; border-bottom: none; background: var(--paper); white-space: nowrap; }
                .tabs button[aria-current="page"] { background: var(--shade); font-weight: 600; border-color: var(--accent); }

                main { padding: 1rem; }
                .notice { padding: .5rem .8rem; border: 1px solid var(--bad); border-radius: 6px; background: #fff1f1; }
                .columns { display: grid; grid-template-columns: minmax(0, 1fr) 22rem; gap: 1rem; align-items: start; }
                .panel { border: 1px solid var(--line); border-radius: 8px; padding: .8rem; background: var(--paper); margin-bottom: 1rem; }

                .search { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin-bottom: .8rem; }
                .search > label { flex-basis: 100%; font-weight: 600; }
                .search input[name="q"] { flex: 1 1 16rem; }
                .search fieldset { border: none; padding: 0; margin: 0; display: flex; gap: .6rem; align-items: center; }
                .search legend { float: left; margin-right: .4rem; color: var(--muted); }
                .picker ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .4rem; }
                .summary dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .8rem; margin: .4rem 0 .8rem; }
                .summary dt { color: var(--muted); }
                .summary dd { margin: 0; overflow-wrap: anywhere; }

                .timeline { margin: 0 0 1rem; border: 1px solid var(--line); border-radius: 8px; padding: .4rem; overflow-x: auto; }
                .timeline figcaption { font-size: .85rem; color: var(--muted); padding: .2rem .4rem; }
                .timeline svg { display: block; font-size: 11px; }
                .timeline .lane-label { fill: var(--muted); }
                .timeline .lane-line { stroke: var(--line); }
                .timeline .axis text { fill: var(--muted); }
                .timeline .axis line { stroke: var(--line); }
                .timeline .now line { stroke: var(--bad); stroke-dasharray: 4 3; }
                .timeline .now text { fill: var(--bad); }
                .timeline .period rect { stroke: #ffffff; stroke-width: 1; }
                .timeline .period[data-kind="trial"] rect { fill: var(--trial); }
                .timeline .period[data-kind="offer"] rect { fill: var(--offer); }
                .timeline .period[data-kind="paid"] rect { fill: var(--paid); }
                .timeline .period[data-revoked="true"] rect { fill-opacity: .35; stroke: var(--bad); stroke-dasharray: 3 2; }
                .timeline .period text { fill: #ffffff; pointer-events: none; }
                .timeline .band { fill: var(--warn); fill-opacity: .25; }
                .timeline .band[data-kind="grace"] { fill: var(--offer); }
                .timeline .mark { cursor: pointer; }
                .timeline .mark circle, .timeline .mark rect, .timeline .mark path { stroke: #ffffff; stroke-width: 1.5; }
                .timeline .mark:focus { outline: none; }
                .timeline .mark:focus-visible circle, .timeline .mark:focus-visible rect, .timeline .mark:focus-visible path,
                .timeline .mark[aria-pressed="true"] circle, .timeline .mark[aria-pressed="true"] rect, .timeline .mark[aria-pressed="true"] path {
                  stroke: var(--focus); stroke-width: 3;
                }
                .timeline .period:focus-visible rect, .timeline .period[aria-pressed="true"] rect { stroke: var(--focus); stroke-width: 3; }
                .timeline .period:focus { outline: none; }
                .lane-renewals { fill: var(--good); }
                .lane-prices { fill: var(--offer); }
                .lane-email, .lane-sheet, .lane-push { fill: var(--trial); }
                .lane-plan { fill: var(--accent); }
                .lane-extensions { fill: #0e7490; }
                .lane-billing { fill: var(--warn); }
                .lane-lifecycle { fill: var(--ink); }
                .lane-lifecycle[data-type="EXPIRED"] { fill: var(--bad); }

                .marks ol { padding-left: 0; list-style: none; margin: 0; max-height: 24rem; overflow: auto; border: 1px solid var(--line); border-radius: 8px; }
                .marks li { border-bottom: 1px solid var(--line); }
                .marks li:last-child { border-bottom: none; }
                .marks li button { width: 100%; text-align: left; border: none; border-radius: 0; background: var(--paper); display: grid; grid-template-columns: 11rem 1fr; gap: .6rem; }
                .marks li button:hover, .marks li button[aria-pressed="true"] { background: #eef4ff; }
                .marks time { color: var(--muted); font-variant-numeric: tabular-nums; }

                .clock-now { font-size: 1.1rem; font-variant-numeric: tabular-nums; margin: 0 0 .6rem; }
                .clock-form { margin-bottom: .8rem; }
                .clock-form label { display: block; margin-bottom: .2rem; font-weight: 600; }
                .clock-form input { flex: 1 1 8rem; }
                .presets { display: flex; flex-wrap: wrap; gap: .3rem; margin-top: .4rem; }
                .presets button { font-size: .85rem; padding: .15rem .5rem; }
                .clock-result ul { padding-left: 1.1rem; margin: .3rem 0; }

                .detail-head { display: flex; justify-content: space-between; align-items: center; gap: .5rem; }
                .detail pre, .detail textarea {
                  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
                  font-size: .8rem;
                  background: var(--shade);
                  border: 1px solid var(--line);
                  border-radius: 6px;
                  padding: .5rem;
                  max-height: 22rem;
                  overflow: auto;
                  white-space: pre-wrap;
                  overflow-wrap: anywhere;
                  width: 100%;
                }
                .detail textarea { height: 5rem; resize: vertical; }
                .detail details { margin: .5rem 0; }
                .detail summary { cursor: pointer; font-weight: 600; }
                .detail dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .6rem; margin: .4rem 0; }
                .detail dt { color: var(--muted); }
                .detail dd { margin: 0; overflow-wrap: anywhere; }

                .filters { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin-bottom: .4rem; }
                .grid { border-collapse: collapse; width: 100%; font-size: .9rem; }
                .grid caption { text-align: left; color: var(--muted); font-size: .85rem; padding: .2rem 0; }
                .grid th, .grid td { border-bottom: 1px solid var(--line); padding: .25rem .4rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
                .grid th { background: var(--shade); }
                .grid tr.gap td { color: var(--warn); font-style: italic; }

                .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .8rem; margin-bottom: 1rem; }
                .card { border: 1px solid var(--line); border-radius: 8px; padding: .6rem .8rem; }
                .card h3 { margin: 0 0 .3rem; font-size: .95rem; }
                .card .value { font-size: 1.4rem; font-variant-numeric: tabular-nums; }
                .card[data-state="good"] { border-left: 4px solid var(--good); }
                .card[data-state="warn"] { border-left: 4px solid var(--warn); }
                .card[data-state="bad"] { border-left: 4px solid var(--bad); }

                @media (max-width: 900px) {
                  .columns { grid-template-columns: minmax(0, 1fr); }
                  .bar { padding: .5rem; }
                  main { padding: .6rem; }
                  .tabs { flex-wrap: wrap; padding: .4rem .5rem 0; }
                  .marks li button { grid-template-columns: 1fr; gap: 0; }
                  .grid th:nth-child(1), .grid td:nth-child(1) { max-width: 6rem; }
                }

                button.link { border: none; background: none; padding: 0; color: var(--accent); text-decoration: underline; cursor: pointer; text-align: left; }
                .error { color: var(--bad); }
                """##),
        "deadletters.js": Asset(
            contentType: "text/javascript; charset=utf-8",
            body: ##"""
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
                """##),
        "detail.js": Asset(
            contentType: "text/javascript; charset=utf-8",
            body: ##"""
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
                """##),
        "events.js": Asset(
            contentType: "text/javascript; charset=utf-8",
            body: ##"""
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
                """##),
        "format.js": Asset(
            contentType: "text/javascript; charset=utf-8",
            body: ##"""
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
                """##),
        "health.js": Asset(
            contentType: "text/javascript; charset=utf-8",
            body: ##"""
                // Health: GET /v1/status every 5 s while the view is shown: the producer's broker connection,
                // the commands queue's depth (the consumers' lag), the dead-letter queue, and each consumer's
                // last report: store, clock, commands/s, events/s, outbox backlog, dead letters.
                import { api } from "./api.js";
                import { clear, element, utc } from "./format.js";

                let timer = null;
                let report = () => {};

                function card(title, value, state, detail) {
                  return element("div", { class: "card", "data-state": state, "data-card": title },
                    element("h3", { text: title }), element("div", { class: "value", text: value }), detail ? element("p", { class: "muted", text: detail }) : null);
                }

                function rate(value) {
                  return value === undefined || value === null ? "—" : value.toFixed(value < 10 ? 2 : 0);
                }

                async function load() {
                  const state = document.getElementById("health-state");
                  try {
                    const status = await api("/v1/status");
                    const cards = document.getElementById("health-cards");
                    clear(cards);
                    cards.append(card("Broker connection", status.producer.brokerConnected ? "connected" : "not connected",
                      status.producer.ready ? "good" : "bad", status.producer.ready ? "the producer sends commands" : "commands answer 503"));
                    const commands = status.queues.commands;
                    cards.append(card("Consumer lag (commands queued)", commands.messages ?? "?", commands.messages > 100 ? "warn" : commands.error ? "bad" : "good",
                      commands.error || `${commands.consumers} consumer(s) on ${commands.name}`));
                    const dead = status.queues.deadLetter;
                    cards.append(card("Dead letters", dead.messages ?? "?", dead.messages > 0 ? "warn" : dead.error ? "bad" : "good", dead.error || dead.name));
                    if (status.consumers.length === 0) {
                      cards.append(card("Consumers", "none reporting", "bad", "no status report yet: is subscriptions-consumer running (STATUS_INTERVAL > 0)?"));
                    }
                    for (const consumer of status.consumers) {
                      const name = `${consumer.host} ${consumer.instanceId.slice(0, 8)}`;
                      cards.append(card(`Commands/s · ${name}`, rate(consumer.commandsPerSecond), consumer.stale ? "bad" : "good",
                        `${consumer.commandsTotal} since start; events/s ${rate(consumer.eventsPerSecond)}`));
                      cards.append(card(`Outbox backlog · ${name}`, consumer.outboxBacklog, consumer.outboxBacklog > 0 ? "warn" : "good",
                        `store ${consumer.storeReady ? "ready" : "NOT ready"}; ${consumer.deadLetteredTotal} dead-lettered since start`));
                      cards.append(card(`Clock · ${name}`, consumer.clock.mode, consumer.stale ? "bad" : "good",
                        `${utc(consumer.clock.now)}; reported ${consumer.secondsSinceReport.toFixed(0)} s ago${consumer.stale ? " (stale)" : ""}`));
                    }
                    const rows = document.getElementById("health-command-rows");
                    clear(rows);
                    for (const count of status.consumers[0]?.commands || []) {
                      rows.append(element("tr", {}, element("td", { text: count.method }), element("td", { text: count.status }), element("td", { text: count.count })));
                    }
                    state.textContent = `Updated ${utc(status.now)}.`;
                    report(null);
                  } catch (error) {
                    state.textContent = "";
                    report(error);
                  }
                }

                /** Starts (shown) or stops (hidden) the refresh. */
                export function showHealth(visible) {
                  clearInterval(timer);
                  timer = null;
                  if (visible) {
                    load();
                    timer = setInterval(load, 5000);
                  }
                }

                /** `problem(error)` shows an error (null clears it). */
                export function initHealth(problem) {
                  report = problem;
                }
                """##),
        "index.html": Asset(
            contentType: "text/html; charset=utf-8",
            body: ##"""
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>Subscriptions console</title>
                <link rel="icon" href="data:,">
                <link rel="stylesheet" href="/console/console.css">
                <script type="module" src="/console/main.js"></script>
                </head>
                <body>
                <a class="skip" href="#main">Skip to content</a>
                <header class="bar">
                  <h1>Subscriptions console</h1>
                  <form id="token-form" class="token" autocomplete="off">
                    <label for="token-input">Operator token</label>
                    <input id="token-input" type="password" spellcheck="false" placeholder="paste the output of subscriptionsctl token">
                    <button type="submit">Use token</button>
                    <button type="button" id="token-forget">Forget</button>
                  </form>
                  <p id="connection" class="connection" role="status" data-state="off">No token</p>
                </header>
                <nav class="tabs" aria-label="Views">
                  <button type="button" data-view="timeline" aria-current="page">Timeline</button>
                  <button type="button" data-view="events">Live events</button>
                  <button type="button" data-view="deadletters">Dead letters</button>
                  <button type="button" data-view="health">Health</button>
                </nav>
                <main id="main" tabindex="-1">
                  <p id="notice" class="notice" role="alert" hidden></p>

                  <section id="view-timeline" class="view" aria-labelledby="timeline-title">
                    <div class="columns">
                      <div class="primary">
                        <h2 id="timeline-title">Subscription timeline</h2>
                        <form id="search" class="search">
                          <label for="search-input">Customer id or transaction id</label>
                          <input id="search-input" name="q" required spellcheck="false" autocomplete="off">
                          <fieldset>
                            <legend>Look up by</legend>
                            <label><input type="radio" name="by" value="transaction" checked> transaction id</label>
                            <label><input type="radio" name="by" value="customer"> customer id</label>
                          </fieldset>
                          <button type="submit">Show</button>
                        </form>
                        <div id="subscription-picker" class="picker" hidden>
                          <p>This customer has several subscriptions:</p>
                          <ul id="subscription-list"></ul>
                        </div>
                        <div id="summary" class="summary" aria-live="polite"></div>
                        <figure id="timeline-figure" class="timeline" hidden>
                          <div id="timeline-svg"></div>
                          <figcaption id="timeline-caption"></figcaption>
                        </figure>
                        <section id="marks" class="marks" aria-labelledby="marks-title" hidden>
                          <h3 id="marks-title">Events and periods</h3>
                          <ol id="mark-list"></ol>
                        </section>
                      </div>
                      <aside class="secondary">
                        <section id="clock" class="panel" aria-labelledby="clock-title">
                          <h2 id="clock-title">Test clock</h2>
                          <p id="clock-now" class="clock-now">—</p>
                          <form id="clock-by" class="clock-form">
                            <label for="clock-duration">Advance by (ISO 8601 duration)</label>
                            <div class="row">
                              <input id="clock-duration" value="P1D" spellcheck="false" autocomplete="off">
                              <button type="submit">Advance</button>
                            </div>
                            <div class="presets" role="group" aria-label="Durations">
                              <button type="button" data-duration="P1D">1 day</button>
                              <button type="button" data-duration="P7D">7 days</button>
                              <button type="button" data-duration="P1M">1 month</button>
                              <button type="button" data-duration="P1Y">1 year</button>
                            </div>
                          </form>
                          <form id="clock-to" class="clock-form">
                            <label for="clock-date">Advance to (UTC)</label>
                            <div class="row">
                              <input id="clock-date" type="datetime-local" step="1">
                              <button type="submit">Advance to</button>
                            </div>
                          </form>
                          <div id="clock-result" class="clock-result" aria-live="polite"></div>
                        </section>
                        <section id="detail" class="panel detail" aria-labelledby="detail-title" hidden tabindex="-1">
                          <div class="detail-head">
                            <h2 id="detail-title">Event</h2>
                            <button type="button" id="detail-close" aria-label="Close the event">Close</button>
                          </div>
                          <div id="detail-body"></div>
                        </section>
                      </aside>
                    </div>
                  </section>

                  <section id="view-events" class="view" aria-labelledby="events-title" hidden>
                    <h2 id="events-title">Live events</h2>
                    <form id="event-filter" class="filters">
                      <label for="filter-type">Type</label>
                      <select id="filter-type"><option value="">all types</option></select>
                      <label for="filter-subscription">Subscription</label>
                      <input id="filter-subscription" spellcheck="false" autocomplete="off" placeholder="originalTransactionId">
                      <button type="button" id="events-pause" aria-pressed="false">Pause</button>
                      <button type="button" id="events-clear">Clear</button>
                    </form>
                    <p id="events-state" class="muted" aria-live="polite"></p>
                    <div class="columns">
                      <div class="primary">
                        <table class="grid" id="event-table">
                          <caption>Newest first, at most 500 kept</caption>
                          <thead><tr><th scope="col">#</th><th scope="col">Signed (UTC)</th><th scope="col">Type</th><th scope="col">Subscription</th><th scope="col">Seq</th></tr></thead>
                          <tbody id="event-rows"></tbody>
                        </table>
                      </div>
                      <aside class="secondary">
                        <table class="grid" id="count-table">
                          <caption>Counts by type since the page opened</caption>
                          <thead><tr><th scope="col">Type</th><th scope="col">Count</th></tr></thead>
                          <tbody id="count-rows"></tbody>
                        </table>
                      </aside>
                    </div>
                  </section>

                  <section id="view-deadletters" class="view" aria-labelledby="dead-title" hidden>
                    <h2 id="dead-title">Dead letters</h2>
                    <p class="muted">Commands the consumer gave up on, with the reason. Listing takes them from the queue and hands them all back; a replay sends one back to the commands exchange.</p>
                    <div class="row">
                      <button type="button" id="dead-refresh">Refresh</button>
                      <button type="button" id="dead-replay-all">Replay all</button>
                    </div>
                    <p id="dead-state" class="muted" aria-live="polite"></p>
                    <table class="grid" id="dead-table">
                      <caption>Dead-lettered commands</caption>
                      <thead><tr><th scope="col">Command id</th><th scope="col">Method</th><th scope="col">Reason</th><th scope="col">Message</th><th scope="col">Issued (UTC)</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
                      <tbody id="dead-rows"></tbody>
                    </table>
                  </section>

                  <section id="view-health" class="view" aria-labelledby="health-title" hidden>
                    <h2 id="health-title">Health</h2>
                    <p id="health-state" class="muted" aria-live="polite"></p>
                    <div id="health-cards" class="cards"></div>
                    <table class="grid" id="health-commands">
                      <caption>Commands by method and status (first consumer)</caption>
                      <thead><tr><th scope="col">Method</th><th scope="col">Status</th><th scope="col">Count</th></tr></thead>
                      <tbody id="health-command-rows"></tbody>
                    </table>
                  </section>
                </main>
                </body>
                </html>
                """##),
        "main.js": Asset(
            contentType: "text/javascript; charset=utf-8",
            body: ##"""
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
                """##),
        "timeline.js": Asset(
            contentType: "text/javascript; charset=utf-8",
            body: ##"""
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
                """##),
    ]
}
