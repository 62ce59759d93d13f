// One game per screen on the scorekeeper's phone: contract, suit, declarer, partner, then the
// result with its flags; saved into the queue as a line of code. A game of the list, tapped,
// comes back into the same screens to be changed. The focus follows the screens (focus.js).

import {
  blankDraft,
  codeOf,
  contractOf,
  draftFromCode,
  step,
  summaryOf,
  untouched,
} from "./draft.js";
import { focusOf } from "./focus.js";
import { choiceButton } from "./page.js";
import { keeper, nameOf, nextNumber, sitsOut } from "./render.js";

export function wizardOf(app) {
  const { $, $$, choices } = app;
  const wizard = $("#phone-wizard");
  const summary = () => summaryOf(choices, app.draft, app.text, (p) => nameOf(app, p));
  const focus = focusOf(wizard, $("#phone-wizard-title"));

  // The seats that play the draft's game, but `except`.
  function players(except) {
    const out = sitsOut(app, app.draft.number);
    return app.state.seats
      .filter((seat) => seat.position !== out && seat.position !== except)
      .map((seat) => seat.position);
  }

  function press(selector, pressed) {
    $$(selector, wizard).forEach((button) => button.setAttribute("aria-pressed", String(pressed)));
  }

  function render() {
    const { draft } = app;
    wizard.hidden = keeper(app) !== "me";
    if (wizard.hidden) return;
    if (untouched(draft)) draft.number = nextNumber(app);
    const current = draft.number === null ? "done" : step(draft);
    focus.shown = current;
    $$("[data-step]", wizard).forEach((part) => {
      part.hidden = part.dataset.step !== current;
    });
    $("#phone-wizard-title").textContent =
      draft.number === null ? "" : app.text(draft.editing ? "change" : "game", { n: draft.number });
    wizard.querySelector('[data-go="back"]').hidden = draft.steps.length < 2 || current === "done";
    wizard.querySelector('[data-go="cancel"]').hidden = untouched(draft);
    const contract = contractOf(choices, draft.contract);
    // The buttons of the step: [label, value] each, the one chosen before pressed.
    const options = {
      contract: () => choices.contracts.map((c) => [c.label, c.code]),
      suit: () => contract.suits.map((s) => [s.label, s.code]),
      declarer: () => players(null).map((p) => [nameOf(app, p), p]),
      partner: () => players(draft.declarer).map((p) => [nameOf(app, p), p]),
    }[current];
    if (options) {
      const buttons = options().map(([label, value]) =>
        choiceButton(label, { [current]: value }, value === draft[current])
      );
      const box = wizard.querySelector('[data-choices="' + current + '"]');
      focus.redraw(box, buttons, current);
    } else if (current === "result") {
      renderResult(contract);
    }
  }

  function renderResult(contract) {
    const { draft } = app;
    const part = (name) => wizard.querySelector('[data-part="' + name + '"]');
    part("won").hidden = !contract.result;
    press('[data-won="1"]', draft.won === true);
    press('[data-won="0"]', draft.won === false);
    $$("[data-flag]", wizard).forEach((button) => {
      const flag = button.dataset.flag;
      button.hidden = flag === "tout" ? !contract.tout : !contract.result;
      button.setAttribute("aria-pressed", String(draft[flag]));
    });
    part("laufende").hidden = !choices.laufende || contract.thrown_in;
    $("#phone-laufende").textContent = String(draft.laufende);
    part("kontra").hidden = !(choices.kontra && contract.result);
    press('[data-kontra="1"]', draft.kontra === 1);
    press('[data-kontra="2"]', draft.kontra === 2);
    $("#phone-summary").textContent = summary();
    wizard.querySelector('[data-go="save"]').disabled = contract.result && draft.won === null;
  }

  function go(next) {
    app.draft.steps.push(next);
    render();
    wizard.scrollIntoView({ block: "end" });
  }

  function afterContract() {
    const { draft } = app;
    const contract = contractOf(choices, draft.contract);
    if (!contract.suits.some((s) => s.code === draft.suit)) draft.suit = null;
    if (!contract.partner) draft.partner = null;
    if (!contract.tout) draft.tout = false;
    if (!contract.result) {
      Object.assign(draft, { won: null, schneider: false, schwarz: false, kontra: 0 });
    }
    if (contract.thrown_in) {
      // All passed (4.1.5 of 2024): nobody declares; the line is saved as it is.
      Object.assign(draft, { declarer: null, partner: null, laufende: 0 });
      go("result");
      return;
    }
    go(contract.suits.length ? "suit" : "declarer");
  }

  function afterDeclarer() {
    const { draft } = app;
    if (draft.partner === draft.declarer) draft.partner = null;
    go(contractOf(choices, draft.contract).partner ? "partner" : "result");
  }

  wizard.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    const data = button.dataset;
    const { draft } = app;
    const before = focus.shown;
    answer(data, draft);
    focus.settle(before, data.go === "save");
  });

  // What the pressed button does to the draft, and the screen after it.
  function answer(data, draft) {
    if (data.go === "back") {
      draft.steps.pop();
      render();
    } else if (data.go === "cancel") {
      app.draft = blankDraft();
      render();
    } else if (data.go === "save") {
      app.enqueue(draft.number, codeOf(choices, draft), draft.version, summary());
      app.draft = blankDraft();
      app.render();
    } else if (data.contract) {
      draft.contract = data.contract;
      afterContract();
    } else if (data.suit) {
      draft.suit = data.suit;
      go("declarer");
    } else if (data.declarer) {
      draft.declarer = Number(data.declarer);
      afterDeclarer();
    } else if (data.partner) {
      draft.partner = Number(data.partner);
      go("result");
    } else if (data.won) {
      draft.won = data.won === "1";
      render();
    } else if (data.flag) {
      const flag = data.flag;
      draft[flag] = !draft[flag];
      if (flag === "schwarz" && draft.schwarz) draft.schneider = false;
      if (flag === "schneider" && draft.schneider) draft.schwarz = false;
      render();
    } else if (data.laufende) {
      const most = contractOf(choices, draft.contract).laufende_max;
      draft.laufende = Math.min(most, Math.max(0, draft.laufende + Number(data.laufende)));
      render();
    } else if (data.kontra) {
      const level = Number(data.kontra);
      draft.kontra = draft.kontra === level ? 0 : level;
      render();
    }
  }

  // A game of the list, tapped by the scorekeeper: the same screens, filled in, to change it;
  // the line of code when the buttons cannot show it.
  $("#phone-rows").addEventListener("click", (event) => {
    const button = event.target.closest("[data-edit]");
    if (!button || keeper(app) !== "me") return;
    const row = app.state.rows.find((r) => r.number === Number(button.dataset.edit));
    const seats = app.state.seats.length;
    const edited = row && draftFromCode(choices, row.code, row.number, row.version, seats);
    if (edited) {
      app.draft = edited;
      render();
      wizard.scrollIntoView({ block: "end" });
      focus.heading(); // "Change game n": the screens below it are the game's
    } else if (row) {
      app.editAsCode(row);
    }
  });

  // The game being entered is dropped when this phone no longer keeps the sheet.
  function drop() {
    if (!untouched(app.draft)) app.draft = blankDraft();
  }

  return { render, drop };
}
