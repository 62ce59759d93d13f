// The phone and the server: the requests, the online badge, the sheet's state asked every few
// seconds (only when it changed does the server send it), and the answers that end the page's
// work (the link revoked, the sheet closed) or ask for the PIN again.

export function post(app, url, body) {
  return fetch(url, {
    method: "POST",
    credentials: "same-origin",
    cache: "no-store",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-CSRFToken": app.root.dataset.csrf,
    },
    body: JSON.stringify(body),
  });
}

// The JSON of an answer, or null when it has none (a proxy's error page, a broken answer).
export async function json(response) {
  if (!(response.headers.get("Content-Type") || "").includes("json")) return null;
  try {
    return await response.json();
  } catch (error) {
    return null;
  }
}

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
    app.online = value;
    const badge = app.$("#phone-net");
    badge.hidden = false;
    badge.textContent = app.text(value ? "online" : "offline");
    badge.classList.toggle("offline", !value);
  }

  function apply(next) {
    if (!next) return;
    app.applied += 1;
    app.state = next;
    app.render();
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
      const response = await fetch(app.urls.state + query, {
        credentials: "same-origin",
        cache: "no-store",
        headers: { Accept: "application/json" },
      });
      if (response.status === 204) {
        setOnline(true);
      } else {
        const data = await json(response);
        if (special(data)) return;
        setOnline(response.ok && data !== null);
        if (response.ok && data && app.applied === before) apply(data);
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
