// The phone and the server: the requests, the online badge, the sheet's state asked every few
// seconds (only when it changed does the server send it), and the answers that end the page's
// work (the link revoked, the sheet closed) or ask for the PIN again.

import { fetchJson } from "../web/fetch_json.js";

// A POST of `body` as JSON to the server: { ok, status, data } (fetch_json.js).
export const post = (app, url, body) =>
  fetchJson(url, { body, csrf: app.root.dataset.csrf, cache: "no-store" });

export function serverOf(app) {
  let pollTimer = null;
  let flashTimer = null;

  // The link was revoked or the sheet closed (stop), or this browser lost its PIN (reload:
  // the page asks for it). True when the answer was one of these.
  function special(data) {
    if (data && data.gone) {
      stop(data.message);
      return true;
    }
    if (data && data.locked) {
      window.location.reload();
      return true;
    }
    return false;
  }

  function stop(message) {
    app.gone = true;
    clearTimeout(pollTimer);
    app.stopRetry();
    const note = app.$("#phone-gone");
    note.textContent = message;
    note.hidden = false;
    app.render();
  }

  function setOnline(value) {
    const back = value && !app.online; // a server answers again: did it lose games?
    app.online = value;
    const badge = app.$("#phone-net");
    badge.hidden = false;
    badge.textContent = app.text(value ? "online" : "offline");
    badge.classList.toggle("offline", !value);
    if (back) app.checkSaved();
  }

  function apply(next) {
    if (!next) return;
    app.applied += 1;
    app.state = next;
    app.render();
    app.stateSeen(next);
  }

  function schedulePoll(ms) {
    clearTimeout(pollTimer);
    if (!app.gone) pollTimer = setTimeout(poll, ms);
  }

  async function poll() {
    clearTimeout(pollTimer);
    if (app.gone) return;
    if (document.hidden) return; // asked again when the page is shown
    const before = app.applied;
    try {
      const query = "?seit=" + encodeURIComponent(app.state.revision);
      const { ok, status, data } = await fetchJson(app.urls.state + query, { cache: "no-store" });
      if (status === 204) {
        setOnline(true);
      } else {
        if (special(data)) return;
        setOnline(ok && data !== null);
        if (ok && data && app.applied === before) apply(data);
      }
    } catch (error) {
      setOnline(false);
    }
    if (app.online && app.queue.length) app.pump();
    schedulePoll(app.pollMs);
  }

  function flash(message) {
    const box = app.$("#phone-flash");
    box.textContent = message || "";
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => {
      box.textContent = "";
    }, 5000);
  }

  return { special, setOnline, apply, schedulePoll, poll, flash };
}
