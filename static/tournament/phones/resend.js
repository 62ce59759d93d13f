// After a change of server. A second laptop that takes over restores the database from a copy
// that may lack the last second of saves, though this phone was told "saved". So the phone
// keeps in localStorage, per table link (one table, one Durchgang), the games it was told were
// saved: the last one per game number, with its entry key and what was sent, at most LIMIT.
// When a server answers again (the page starts or is shown again, the connection comes back,
// or the sheet lacks a game this phone saved) it asks the table's games and the keys saved at
// the server (GET urls.games, tournament/phones/resend.py) and puts every game whose key the
// server lacks back into the queue, under the same key and marked `resent`: the server stores
// it once, whoever sends it how often. What it did is said on the page: the games sent again,
// and those the server has otherwise under their number (a conflict, not overwritten).

import { fetchJson } from "../web/fetch_json.js";
import { element } from "./page.js";

const LIMIT = 64; // more games than any sheet has
const DAY_MS = 24 * 3600 * 1000;

// The games kept for other table links (an earlier Durchgang, another table) are dropped a day
// after the last one was saved: the phone keeps no more than an evening's.
function dropStale(own) {
  try {
    Object.keys(localStorage)
      .filter((name) => name.startsWith("phone:") && name.endsWith(":saved") && name !== own)
      .forEach((name) => {
        const kept = JSON.parse(localStorage.getItem(name));
        const last = Array.isArray(kept) ? Math.max(0, ...kept.map((entry) => entry.at || 0)) : 0;
        if (Date.now() - last > DAY_MS) localStorage.removeItem(name);
      });
  } catch (error) {
    // no storage, or an entry that is no JSON: nothing to drop, or left as it is
  }
}

export function resendOf(app) {
  const storeKey = "phone:" + app.root.dataset.token + ":saved";
  function load() {
    try {
      const value = JSON.parse(localStorage.getItem(storeKey));
      return Array.isArray(value) ? value : [];
    } catch (error) {
      return [];
    }
  }
  function keep() {
    try {
      localStorage.setItem(storeKey, JSON.stringify(app.saved));
    } catch (error) {
      // no storage: the games are remembered as long as the page lives
    }
  }
  dropStale(storeKey);
  app.saved = load();
  let checking = false;
  let lastMissing = "";
  const done = { resent: [], conflict: [] }; // the numbers of the round sent again

  // The server said "saved" for this entry (also a game sent again).
  function remember(entry) {
    const { key, number, code, version, text } = entry;
    app.saved = app.saved.filter((kept) => kept.number !== number && kept.key !== key);
    app.saved.push({ key, number, code, version, text, at: Date.now() });
    app.saved = app.saved.slice(-LIMIT);
    keep();
  }

  function forget(key) {
    app.saved = app.saved.filter((kept) => kept.key !== key);
    keep();
  }

  // Ask the server which of the games this phone saved it has; queue again what it lacks. Only
  // the games saved before the question count: one whose answer came in meanwhile may be missing
  // from an answer the server gave before storing it, and is not sent twice.
  async function check() {
    if (checking || app.gone || !app.saved.length) return;
    checking = true;
    const asked = Date.now();
    let data = null;
    try {
      data = (await fetchJson(app.urls.games, { cache: "no-store" })).data;
    } catch (error) {
      data = null;
    }
    checking = false;
    if (!data || app.special(data) || !Array.isArray(data.keys)) return;
    const known = new Set(data.keys);
    const queued = new Set(app.queue.map((entry) => entry.key));
    const lacking = app.saved
      .filter((kept) => (kept.at || 0) <= asked && !known.has(kept.key) && !queued.has(kept.key))
      .sort((a, b) => a.number - b.number);
    if (!lacking.length) return;
    app.requeue(lacking.map((kept) => ({ ...kept, resent: true })));
  }

  // A state that lacks a game this phone saved (and does not send now): the server may have
  // changed. Asked once per such set of games, not at every poll.
  function stateSeen(state) {
    if (!state || !app.saved.length) return;
    const shown = new Set(state.rows.map((row) => row.number));
    app.queue.forEach((entry) => shown.add(entry.number));
    const missing = app.saved.filter((kept) => !shown.has(kept.number));
    const signature = missing.map((kept) => kept.key).join(",");
    if (signature !== lastMissing) {
      lastMissing = signature;
      if (missing.length) check();
    }
  }

  // The answer to a game sent again: counted for the note once the last one is answered.
  function answered(entry, data) {
    if (data.outcome === "saved" && data.resent) done.resent.push(entry.number);
    if (data.outcome === "conflict") done.conflict.push(entry.number);
    if (data.outcome !== "saved") forget(entry.key);
    if (app.queue.some((queued) => queued.resent)) return;
    tell(done.resent.splice(0), done.conflict.splice(0));
  }

  function tell(resent, conflict) {
    if (!resent.length && !conflict.length) return;
    const parts = [];
    const numbers = (list) => list.sort((a, b) => a - b).join(", ");
    if (resent.length === 1) parts.push(app.text("resent-one", { numbers: numbers(resent) }));
    if (resent.length > 1) {
      parts.push(app.text("resent-many", { n: resent.length, numbers: numbers(resent) }));
    }
    if (conflict.length) parts.push(app.text("resent-conflict", { numbers: numbers(conflict) }));
    const note = app.$("#phone-resent");
    const lines = parts.map((part) => element("p", "", part));
    note.querySelector(".phone-resent-text").replaceChildren(...lines);
    note.hidden = false;
  }

  app.$("#phone-resent button").addEventListener("click", () => {
    app.$("#phone-resent").hidden = true;
  });

  return { remember, checkSaved: check, stateSeen, resentAnswered: answered };
}
