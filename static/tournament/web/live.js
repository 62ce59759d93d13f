// Live regions (tournament/web/live.py): an element with data-live-url and data-live-seconds is
// refreshed without reloading the page. Every N seconds the URL is asked with the header
// "X-Live: 1" and the ETag of what is shown (If-None-Match); the server answers the region's
// fragment, or 304 when nothing changed. Values typed into a form of the region and the focus
// survive a refresh. While the server cannot be reached the old content stays, marked
// "live-stale" with a note (data-live-stale, "{time}": the time of the last answer). Nothing is
// asked while the tab is hidden. A file because the Content-Security-Policy allows no inline
// script; without JavaScript the pages work as before and are reloaded by hand.
(function () {
  "use strict";

  function clock(date) {
    return date.toTimeString().slice(0, 5);
  }

  // A form is the same after a refresh when its action and hidden fields (the version of a
  // game, say) are: what was typed into a form of a game changed since is dropped.
  function formKey(form) {
    const hidden = Array.from(form.querySelectorAll("input[type=hidden]"))
      .filter((input) => input.name !== "csrfmiddlewaretoken")
      .map((input) => input.name + "=" + input.value);
    return form.getAttribute("action") + "?" + hidden.join("&");
  }

  // The controls of the region's forms by form and name, with what the user typed or ticked.
  function controlKey(control) {
    if (!control.form || !control.name || control.type === "hidden") return null;
    const key = formKey(control.form) + "|" + control.name;
    const ticked = control.type === "checkbox" || control.type === "radio";
    return ticked ? key + "|" + control.value : key;
  }

  function controls(element) {
    const found = new Map();
    element.querySelectorAll("input, select, textarea").forEach((control) => {
      const key = controlKey(control);
      if (key) found.set(key, control);
    });
    return found;
  }

  function replace(element, html) {
    const before = controls(element);
    const active = document.activeElement;
    const focused = element.contains(active) ? controlKey(active) : null;
    const selection = focused && before.get(focused);
    element.innerHTML = html;
    controls(element).forEach((control, key) => {
      const old = before.get(key);
      if (!old) return;
      if (control.type === "checkbox" || control.type === "radio") control.checked = old.checked;
      else if (control.type !== "submit") control.value = old.value;
    });
    const again = focused && controls(element).get(focused);
    if (again) {
      again.focus();
      if (typeof selection.selectionStart === "number" && "setSelectionRange" in again) {
        try {
          again.setSelectionRange(selection.selectionStart, selection.selectionEnd);
        } catch (error) {
          // not a text field
        }
      }
    }
  }

  function Live(element) {
    const seconds = Math.max(1, Number(element.dataset.liveSeconds) || 10);
    let etag = element.dataset.liveEtag || "";
    let since = new Date();
    let timer = null;
    let busy = false;
    let note = null;

    function stale() {
      element.classList.add("live-stale");
      if (!note) {
        note = document.createElement("p");
        note.className = "live-note";
        note.setAttribute("role", "status");
        element.parentNode.insertBefore(note, element);
      }
      note.textContent = (element.dataset.liveStale || "").replace("{time}", clock(since));
    }

    function fresh() {
      since = new Date();
      element.classList.remove("live-stale");
      if (note) {
        note.remove();
        note = null;
      }
    }

    function schedule() {
      window.clearTimeout(timer);
      const hidden = document.visibilityState === "hidden";
      timer = hidden ? null : window.setTimeout(poll, seconds * 1000);
    }

    function poll() {
      timer = null;
      if (busy || document.visibilityState === "hidden") return;
      busy = true;
      const headers = { "X-Live": "1" };
      if (etag) headers["If-None-Match"] = etag;
      const asked = { headers: headers, cache: "no-store", credentials: "same-origin" };
      fetch(element.dataset.liveUrl, asked)
        .then((response) => {
          if (response.status === 304) return null;
          const fragment = response.headers.get("X-Live-Fragment") === "1";
          if (!response.ok || response.redirected || !fragment) {
            return Promise.reject(response.status);
          }
          etag = response.headers.get("ETag") || "";
          return response.text();
        })
        .then((html) => {
          if (html !== null) replace(element, html);
          fresh();
        })
        .catch(stale)
        .finally(() => {
          busy = false;
          schedule();
        });
    }

    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && timer === null && !busy) poll();
    });
    schedule();
  }

  document.querySelectorAll("[data-live-url]").forEach(Live);
})();
