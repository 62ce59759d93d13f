// What is shown: the names with their totals, the games not sent yet or not taken, the list of
// games, the players' confirmations and who keeps the sheet, all from app.state (the server's
// last answer), app.queue and app.failed.

import { element } from "./page.js";

// "me", "other" or "" (nobody) as the server says; "gone" once the link no longer works.
export const keeper = (app) => (app.gone ? "gone" : app.state.keeper);

// The seat that sits out game `number` at a table of five, else null.
export function sitsOut(app, number) {
  const seats = app.state.seats.length;
  return seats === 5 && number ? ((number - 1) % seats) + 1 : null;
}

// The first game neither on the sheet nor waiting in the queue.
export function nextNumber(app) {
  const taken = new Set(app.state.rows.map((row) => row.number));
  app.queue.forEach((entry) => taken.add(entry.number));
  for (let number = 1; number <= app.state.games; number++) {
    if (!taken.has(number)) return number;
  }
  return null;
}

export function nameOf(app, position) {
  const seat = app.state.seats.find((s) => s.position === position);
  return seat ? seat.name : String(position);
}

function renderSeats(app) {
  const { state, text } = app;
  const out = sitsOut(app, app.draft.number || state.next);
  app.$("#phone-seats").replaceChildren(
    ...state.seats.map((seat) => {
      const item = element("li");
      item.dataset.position = seat.position;
      item.classList.toggle("out", seat.position === out);
      item.append(element("span", "phone-name", seat.label), " ");
      item.append(element("span", "phone-total", (seat.points > 0 ? "+" : "") + seat.shown));
      if (seat.confirmed) item.append(" ", element("span", "phone-tick", "✓"));
      return item;
    })
  );
  app.$("#phone-progress").textContent = text("progress", {
    entered: state.entered,
    games: state.games,
  });
}

function renderUnsent(app) {
  const { queue, text } = app;
  const line = app.$("#phone-unsent");
  const numbers = queue.map((entry) => entry.number).join(", ");
  line.hidden = !queue.length;
  line.textContent =
    queue.length === 1
      ? text("unsent-one", { numbers })
      : text("unsent-many", { n: queue.length, numbers });
}

export function renderFailed(app) {
  const section = app.$("#phone-failed");
  const template = document.getElementById("phone-failed-item");
  section.hidden = !app.failed.length;
  section.querySelector("ul").replaceChildren(
    ...app.failed.map((entry) => {
      const item = template.content.firstElementChild.cloneNode(true);
      item.querySelector("strong").textContent =
        entry.text || app.text("game", { n: entry.number });
      item.querySelector(".phone-why").textContent = entry.message;
      // The handbook's explanation of the refusal, when it has one (the answer's `help`).
      const help = item.querySelector(".message-help");
      if (entry.help) help.href = entry.help;
      help.hidden = !entry.help;
      item.querySelector("button").dataset.dismiss = entry.key;
      return item;
    })
  );
}

function rowContent(number, summary, status, statusText, code, points) {
  const parts = [element("span", "phone-no", String(number))];
  const body = element("span", "phone-text", summary);
  if (statusText) body.append(" ", element("span", "phone-status " + status, statusText));
  body.append(" ", element("code", "", code));
  parts.push(body);
  if (points) {
    const cells = element("span", "phone-points");
    points.forEach((value) => cells.append(element("span", "", value === null ? "–" : value)));
    parts.push(cells);
  }
  return parts;
}

function renderRows(app) {
  const { state, text } = app;
  const mine = keeper(app) === "me";
  const unsent = app.queue
    .slice()
    .reverse()
    .map((entry) => {
      const item = element("li", "phone-row unsent");
      const notSent = text("not-sent");
      item.append(...rowContent(entry.number, entry.text, "unsent", notSent, entry.code));
      return item;
    });
  const rows = state.rows
    .slice()
    .reverse()
    .map((row) => {
      const item = element("li", "phone-row " + row.status);
      const { number, text: summary, status, code, points } = row;
      const content = rowContent(number, summary, status, row.status_text, code, points);
      if (mine) {
        const button = element("button", "phone-edit");
        button.type = "button";
        button.dataset.edit = row.number;
        button.append(...content);
        item.classList.add("editable");
        item.append(button);
      } else {
        item.append(...content);
      }
      return item;
    });
  const none = unsent.length || rows.length ? [] : [element("li", "phone-none", text("none"))];
  app.$("#phone-rows").replaceChildren(...unsent, ...rows, ...none);
  app.$("#phone-edit-hint").hidden = !mine || !state.rows.length;
}

function renderConfirm(app) {
  const { state } = app;
  app.$("#phone-confirm").hidden = !state.confirm || app.gone;
  state.seats.forEach((seat) => {
    const form = app.root.querySelector('.phone-sign[data-position="' + seat.position + '"]');
    if (form) form.hidden = seat.confirmed;
  });
  app.$("#phone-all").hidden = !state.seats.every((seat) => seat.confirmed);
}

// The whole page after a change of the state, the queue or the keeper; the game being entered
// (app.draft) is dropped when this phone no longer keeps the sheet.
export function render(app) {
  renderSeats(app);
  renderUnsent(app);
  renderFailed(app);
  renderRows(app);
  renderConfirm(app);
  app.$("#phone-role").hidden = app.gone;
  app.$$("#phone-role [data-keeper]").forEach((part) => {
    part.hidden = part.dataset.keeper !== keeper(app);
  });
  app.$("#phone-code").hidden = keeper(app) !== "me";
  app.refreshCodeForm();
  if (keeper(app) !== "me") app.dropDraft();
  app.renderWizard();
}
