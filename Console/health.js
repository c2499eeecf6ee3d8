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
