// The page's plain forms, sent by script: the one-line code, keeping the sheet (claim, take
// over, hand on) and the players' confirmations; and the games the server did not take,
// dismissed one by one. Without JavaScript the same forms post the page.

import { blankDraft } from "./draft.js";
import { renderFailed, nextNumber } from "./render.js";
import { post } from "./server.js";

export function formsOf(app) {
  const { $, $$, text } = app;
  // The one-line code, for anything the buttons do not offer: a game of the list is changed by
  // its number (its version comes from the list). It goes through the same queue.
  const details = $("#phone-code");
  const codeForm = $("#phone-code form");
  const rowOf = (number) => app.state.rows.find((row) => row.number === number);
  if (!codeForm.querySelector(".error")) details.open = false;
  codeForm.number.addEventListener("input", () => {
    const row = rowOf(Number(codeForm.number.value));
    codeForm.code.value = row ? row.code : "";
  });
  codeForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const number = Number(codeForm.number.value);
    const code = codeForm.code.value.trim();
    if (!number || !code) return;
    const row = rowOf(number);
    app.enqueue(number, code, row ? row.version : 0, text("game", { n: number }) + ": " + code);
    codeForm.code.value = "";
    codeForm.number.value = nextNumber(app) || "";
    $$(".messages.error", codeForm).forEach((error) => error.remove());
  });

  // The next game's number, unless a code is being typed or the number is.
  function refresh() {
    if (!codeForm.code.value && document.activeElement !== codeForm.number) {
      codeForm.number.value = nextNumber(app) || "";
    }
  }

  function editAsCode(row) {
    codeForm.number.value = row.number;
    codeForm.code.value = row.code;
    details.open = true;
    codeForm.code.focus();
  }

  $$("#phone-role form").forEach((form) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const action = form.dataset.action;
      if (action === "take" && !window.confirm(text("take"))) return;
      const body = action === "release" ? { release: true } : { take: action === "take" };
      try {
        const { data } = await post(app, app.urls.keeper, body);
        if (app.special(data)) return;
        if (!data) throw new Error("no answer");
        app.setOnline(true);
        if (data.message) app.flash(data.message);
        app.draft = blankDraft();
        app.apply(data.state);
      } catch (error) {
        app.setOnline(false);
      }
    });
  });

  $$(".phone-sign").forEach((form) => {
    const error = form.querySelector(".phone-error");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { seat: Number(form.seat.value), code: form.code.value.trim() };
      try {
        const { ok, data } = await post(app, app.urls.confirm, body);
        if (app.special(data)) return;
        if (!data) throw new Error("no answer");
        app.setOnline(true);
        error.hidden = ok;
        error.textContent = ok ? "" : data.message;
        if (ok) {
          form.code.value = "";
          app.flash(data.message);
        }
        app.apply(data.state);
      } catch (failure) {
        app.setOnline(false);
      }
    });
  });

  $("#phone-failed").addEventListener("click", (event) => {
    const button = event.target.closest("[data-dismiss]");
    if (!button) return;
    app.dismiss(button.dataset.dismiss);
    renderFailed(app);
  });

  return { refresh, editAsCode };
}
