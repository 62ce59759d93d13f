// Every game saved goes first into a queue kept in localStorage, then to the server, in order,
// one at a time, under a key of its own: a game sent again after a lost answer is stored once,
// and a reload while offline loses nothing. The games the server did not take are kept too,
// until dismissed. Games sent again after a change of server (resend.js) go through it too.

import { post } from "./server.js";

const RETRY_MS = 4000;

function newKey() {
  if (window.crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (window.crypto && crypto.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Sets app.queue and app.failed (kept per table link, so that neither is lost with a reload)
// and returns what works on them.
export function queueOf(app) {
  const storeKey = "phone:" + app.root.dataset.token + ":";
  function load(name) {
    try {
      const value = JSON.parse(localStorage.getItem(storeKey + name));
      return Array.isArray(value) ? value : [];
    } catch (error) {
      return [];
    }
  }
  function keep(name, list) {
    try {
      localStorage.setItem(storeKey + name, JSON.stringify(list));
    } catch (error) {
      // no storage (private mode, full): the queue lives as long as the page
    }
  }
  app.queue = load("queue");
  app.failed = load("failed");
  let sending = false;
  let retryTimer = null;

  // Send the queue: the oldest game first, the next once its answer is in. An answer with an
  // outcome is final; no answer, an error page or a server error mean: try again later.
  async function pump() {
    if (sending || app.gone || !app.queue.length) return;
    sending = true;
    clearTimeout(retryTimer);
    const entry = app.queue[0];
    let data = null;
    try {
      const { key, number, code, version } = entry;
      const resent = entry.resent || undefined; // a game sent again after a change of server
      data = (await post(app, app.urls.entry, { key, number, code, version, resent })).data;
    } catch (error) {
      data = null;
    }
    sending = false;
    if (app.special(data)) return;
    if (!data || !data.outcome) {
      app.setOnline(false);
      app.render();
      retryTimer = setTimeout(pump, RETRY_MS);
      return;
    }
    app.setOnline(true);
    app.queue = app.queue.filter((queued) => queued.key !== entry.key);
    keep("queue", app.queue);
    if (data.outcome === "saved") {
      app.remember(entry);
      if (!entry.resent) app.flash(data.message);
      // The game stands on the sheet now: what the server refused of it before is settled.
      const settled = app.failed.filter((failed) => failed.number === entry.number);
      if (settled.length) {
        app.failed = app.failed.filter((failed) => failed.number !== entry.number);
        keep("failed", app.failed);
      }
    } else {
      const { key, number, text: summary } = entry;
      app.failed.push({ key, number, text: summary, message: data.message, help: data.help || "" });
      keep("failed", app.failed);
    }
    if (entry.resent) app.resentAnswered(entry, data);
    if (data.state) app.apply(data.state);
    else app.render();
    app.schedulePoll(Math.min(app.pollMs, 1000)); // an approval or a clerk's change may follow
    pump();
  }

  function enqueue(number, code, version, summary) {
    app.queue.push({ key: newKey(), number, code, version, text: summary });
    keep("queue", app.queue); // before sending: a reload or a dead battery loses nothing
    app.render();
    pump();
  }

  // Games the server lacks after a change of server, under their keys: sent first.
  function requeue(entries) {
    app.queue = [...entries, ...app.queue];
    keep("queue", app.queue);
    app.render();
    pump();
  }

  function dismiss(key) {
    app.failed = app.failed.filter((entry) => entry.key !== key);
    keep("failed", app.failed);
  }

  return { pump, enqueue, requeue, dismiss, stopRetry: () => clearTimeout(retryTimer) };
}
