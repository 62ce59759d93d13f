// The scoresheet's entry line: the points of the game appear while the clerk types its code,
// and choosing the number of a game already entered loads it for a change. No mouse needed:
// the code field has the focus, Enter saves, Escape empties the line, Alt+T jumps to a table.
// After a conflict (somebody else changed the game meanwhile) Enter saves nothing: the line
// shows the stored game beside the typed one until the clerk chooses with one of its buttons.
// A module (for fetch_json.js); templates/tournament/sheets/sheet.html loads it so.

import { fetchJson } from "../web/fetch_json.js";

(function () {
  const form = document.getElementById("eingabe");
  if (!form) return;
  const number = form.querySelector("#id_number");
  const code = form.querySelector("#id_code");
  const version = form.querySelector("#id_version");
  const output = form.querySelector("#vorschau");
  const seats = Array.from(document.querySelectorAll("#spielliste th.seat")).map(
    (th) => th.textContent.trim()
  );
  const save = form.querySelector("#speichern");
  let conflict = form.querySelector("#konflikt");
  let timer = null;
  let asked = 0;
  // What the server said about the line it refused (next to the fields). The line's message
  // stands in one place only: until the clerk changes the line, the server's; from the first
  // key on, the preview's, and the server's goes.
  let refused = Array.from(form.querySelectorAll(".errorlist"));

  function forgetRefusal() {
    if (!refused.length) return;
    refused.forEach((element) => element.remove());
    refused = [];
    code.removeAttribute("aria-invalid");
    code.removeAttribute("aria-describedby");
  }

  function show(data) {
    output.classList.toggle("error", Boolean(data.error));
    if (data.error) {
      output.textContent = data.error;
      if (data.help) {  // the handbook's explanation, in a new tab: the line stays as typed
        const link = document.createElement("a");
        link.className = "message-help";
        link.href = data.help;
        link.target = "_blank";
        link.rel = "noopener";
        link.textContent = form.dataset.helpText;
        output.append(" ", link);
      }
    } else if (data.points) {
      output.textContent = data.points
        .map((p, i) => seats[i] + " " + (p > 0 ? "+" + p : String(p).replace("-", "−")))
        .join(" · ");
    } else {
      output.textContent = "";
    }
  }

  function preview() {
    if (!code.value.trim()) { show({}); return; }
    const ticket = ++asked;
    const query = new URLSearchParams({ number: number.value, code: code.value });
    fetchJson(form.dataset.preview + "?" + query)
      .then(({ data }) => { if (data && ticket === asked) show(data); })
      .catch(() => {});
  }

  function schedule() { clearTimeout(timer); timer = setTimeout(preview, 120); }

  function loadGame() {
    const row = document.getElementById("spiel-" + number.value);
    if (row && row.dataset.code) {
      code.value = row.dataset.code;
      version.value = row.dataset.version;
    } else {
      version.value = "0";
    }
    schedule();
  }

  // Another game number: the conflict was about the old one, its choice goes.
  function forgetConflict() {
    if (!conflict || number.value === conflict.dataset.number) return;
    conflict.remove();
    conflict = null;
    save.disabled = false;
  }

  // Enter in the line after a conflict: say that a choice is needed, save nothing.
  function chooseFirst(event) {
    if (!conflict || event.key !== "Enter") return;
    event.preventDefault();
    const said = conflict.querySelector("#konflikt-wahl");
    said.textContent = conflict.dataset.choose;
    said.hidden = false;
  }

  function edited() {
    forgetRefusal();
    schedule();
    if (conflict) {  // the choice saves the line as it is now
      conflict.querySelector("#konflikt-eingabe code").textContent = code.value.trim() || "–";
      conflict.querySelector("#konflikt-eingabe .typed-text").textContent = "";
    }
  }

  code.addEventListener("input", edited);
  number.addEventListener("change", () => { forgetRefusal(); forgetConflict(); loadGame(); });
  number.addEventListener("input", () => { forgetRefusal(); forgetConflict(); loadGame(); });
  number.addEventListener("keydown", chooseFirst);
  code.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { code.value = ""; forgetRefusal(); show({}); }
    chooseFirst(event);
  });
  // The supervisor's approval on the line (it has the focus after his save): Escape, or a key
  // of the next game's code, goes back to the line; the key lands there.
  const approval = document.getElementById("genehmigen");
  if (approval) {
    approval.addEventListener("keydown", (event) => {
      const typing = event.key.length === 1 && event.key !== " " && !event.ctrlKey
        && !event.altKey && !event.metaKey;
      if (event.key === "Escape" || typing) {
        if (event.key === "Escape") event.preventDefault();
        code.focus();
      }
    });
  }
  // A line loaded for a change shows its points at once; a refused line shows only the
  // server's message (the preview would say the same a second time).
  if (code.value && !refused.length) schedule();
})();
