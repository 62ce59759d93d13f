// A table's sheet on a player's phone (templates/tournament/phones/phone.html), held
// in one hand. The scorekeeper's phone enters one game per screen by buttons (contract, suit,
// declarer, partner, result) and builds the one-line game code of scoring/entry_code.py; the
// other phones only read. Every game saved goes first into a queue kept in localStorage, then
// to the server, in order, one at a time, under a key of its own: a game sent again after a
// lost answer is stored once, and a reload while offline loses nothing. The sheet's state is
// asked every few seconds (only when it changed does the server send it). Without JavaScript
// the page works with its plain forms. A file because the Content-Security-Policy allows no
// inline script.
(function () {
  "use strict";
  const root = document.getElementById("phone");
  if (!root) return;

  const $ = (selector) => root.querySelector(selector);
  const $$ = (selector, scope) => Array.from((scope || root).querySelectorAll(selector));
  const readJson = (id) => JSON.parse(document.getElementById(id).textContent);

  const texts = {};
  $$("#phone-texts [data-text]").forEach((item) => {
    texts[item.dataset.text] = item.textContent;
  });
  // A text of the page with its {placeholders} filled in.
  function text(name, values) {
    return (texts[name] || "").replace(/\{(\w+)\}/g, (all, key) =>
      values && key in values ? String(values[key]) : all
    );
  }

  const choices = readJson("phone-choices");
  const urls = {
    state: root.dataset.stateUrl,
    entry: root.dataset.entryUrl,
    keeper: root.dataset.keeperUrl,
    confirm: root.dataset.confirmUrl,
  };
  const pollMs = Math.max(200, Number(root.dataset.poll) || 3000);
  const RETRY_MS = 4000;
  let state = readJson("phone-state");
  let applied = 0; // counts the states shown: an older poll answer must not undo a newer one
  let online = true;
  let gone = false;
  let sending = false;
  let retryTimer = null;
  let pollTimer = null;
  let flashTimer = null;

  // The queue of games not sent yet and the list of games the server did not take, kept per
  // table link so that neither is lost with a reload.
  const storeKey = "phone:" + root.dataset.token + ":";
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
  let queue = load("queue");
  let failed = load("failed");

  function newKey() {
    if (window.crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    if (window.crypto && crypto.getRandomValues) crypto.getRandomValues(bytes);
    else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function element(tag, className, content) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (content !== undefined) node.textContent = content;
    return node;
  }

  // ---- The server ------------------------------------------------------------------------

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        "X-CSRFToken": root.dataset.csrf,
      },
      body: JSON.stringify(body),
    });
  }

  // The JSON of an answer, or null when it has none (a proxy's error page, a broken answer).
  async function json(response) {
    if (!(response.headers.get("Content-Type") || "").includes("json")) return null;
    try {
      return await response.json();
    } catch (error) {
      return null;
    }
  }

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
    gone = true;
    clearTimeout(pollTimer);
    clearTimeout(retryTimer);
    const note = $("#phone-gone");
    note.textContent = message;
    note.hidden = false;
    render();
  }

  function setOnline(value) {
    online = value;
    const badge = $("#phone-net");
    badge.hidden = false;
    badge.textContent = text(value ? "online" : "offline");
    badge.classList.toggle("offline", !value);
  }

  function apply(next) {
    if (!next) return;
    applied += 1;
    state = next;
    render();
  }

  function schedulePoll(ms) {
    clearTimeout(pollTimer);
    if (!gone) pollTimer = setTimeout(poll, ms);
  }

  async function poll() {
    clearTimeout(pollTimer);
    if (gone) return;
    if (document.hidden) return; // asked again when the page is shown
    const before = applied;
    try {
      const query = "?seit=" + encodeURIComponent(state.revision);
      const response = await fetch(urls.state + query, {
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
        if (response.ok && data && applied === before) apply(data);
      }
    } catch (error) {
      setOnline(false);
    }
    if (online && queue.length) pump();
    schedulePoll(pollMs);
  }

  // Send the queue: the oldest game first, the next once its answer is in. An answer with an
  // outcome is final; no answer, an error page or a server error mean: try again later.
  async function pump() {
    if (sending || gone || !queue.length) return;
    sending = true;
    clearTimeout(retryTimer);
    const entry = queue[0];
    let data = null;
    try {
      const { key, number, code, version } = entry;
      const response = await post(urls.entry, { key, number, code, version });
      data = await json(response);
    } catch (error) {
      data = null;
    }
    sending = false;
    if (special(data)) return;
    if (!data || !data.outcome) {
      setOnline(false);
      render();
      retryTimer = setTimeout(pump, RETRY_MS);
      return;
    }
    setOnline(true);
    queue = queue.filter((queued) => queued.key !== entry.key);
    keep("queue", queue);
    if (data.outcome === "saved") {
      flash(data.message);
    } else {
      const { key, number, text: summary } = entry;
      failed.push({ key, number, text: summary, message: data.message });
      keep("failed", failed);
    }
    if (data.state) apply(data.state);
    else render();
    schedulePoll(Math.min(pollMs, 1000)); // an approval or a clerk's change may follow soon
    pump();
  }

  function enqueue(number, code, version, summary) {
    queue.push({ key: newKey(), number, code, version, text: summary });
    keep("queue", queue); // before sending: a reload or a dead battery loses nothing
    render();
    pump();
  }

  function flash(message) {
    const box = $("#phone-flash");
    box.textContent = message || "";
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => {
      box.textContent = "";
    }, 5000);
  }

  // ---- What is shown -----------------------------------------------------------------------

  function sitsOut(number) {
    const seats = state.seats.length;
    return seats === 5 && number ? ((number - 1) % seats) + 1 : null;
  }

  // The first game neither on the sheet nor waiting in the queue.
  function nextNumber() {
    const taken = new Set(state.rows.map((row) => row.number));
    queue.forEach((entry) => taken.add(entry.number));
    for (let number = 1; number <= state.games; number++) {
      if (!taken.has(number)) return number;
    }
    return null;
  }

  function nameOf(position) {
    const seat = state.seats.find((s) => s.position === position);
    return seat ? seat.name : String(position);
  }

  function renderSeats() {
    const list = $("#phone-seats");
    list.replaceChildren(
      ...state.seats.map((seat) => {
        const item = element("li");
        item.dataset.position = seat.position;
        item.classList.toggle("out", seat.position === sitsOut(draft.number || state.next));
        item.append(element("span", "phone-name", seat.name), " ");
        item.append(element("span", "phone-total", (seat.points > 0 ? "+" : "") + seat.shown));
        if (seat.confirmed) item.append(" ", element("span", "phone-tick", "✓"));
        return item;
      })
    );
    $("#phone-progress").textContent = text("progress", {
      entered: state.entered,
      games: state.games,
    });
  }

  function renderUnsent() {
    const line = $("#phone-unsent");
    const numbers = queue.map((entry) => entry.number).join(", ");
    line.hidden = !queue.length;
    line.textContent =
      queue.length === 1
        ? text("unsent-one", { numbers })
        : text("unsent-many", { n: queue.length, numbers });
  }

  function renderFailed() {
    const section = $("#phone-failed");
    const template = document.getElementById("phone-failed-item");
    section.hidden = !failed.length;
    section.querySelector("ul").replaceChildren(
      ...failed.map((entry) => {
        const item = template.content.firstElementChild.cloneNode(true);
        item.querySelector("strong").textContent = entry.text || text("game", { n: entry.number });
        item.querySelector(".phone-why").textContent = entry.message;
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

  function renderRows() {
    const mine = keeper() === "me";
    const unsent = queue
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
    $("#phone-rows").replaceChildren(...unsent, ...rows, ...none);
    $("#phone-edit-hint").hidden = !mine || !state.rows.length;
  }

  function renderConfirm() {
    $("#phone-confirm").hidden = !state.confirm || gone;
    state.seats.forEach((seat) => {
      const form = root.querySelector('.phone-sign[data-position="' + seat.position + '"]');
      if (form) form.hidden = seat.confirmed;
    });
    $("#phone-all").hidden = !state.seats.every((seat) => seat.confirmed);
  }

  function keeper() {
    return gone ? "gone" : state.keeper;
  }

  function render() {
    renderSeats();
    renderUnsent();
    renderFailed();
    renderRows();
    renderConfirm();
    $("#phone-role").hidden = gone;
    $$("#phone-role [data-keeper]").forEach((part) => {
      part.hidden = part.dataset.keeper !== keeper();
    });
    $("#phone-code").hidden = keeper() !== "me";
    if (!codeForm.code.value && document.activeElement !== codeForm.number) {
      codeForm.number.value = nextNumber() || "";
    }
    if (keeper() !== "me" && !untouched()) draft = blankDraft();
    renderWizard();
  }

  // ---- One game per screen -------------------------------------------------------------------

  const wizard = $("#phone-wizard");
  const contractOf = (code) => choices.contracts.find((c) => c.code === code) || null;

  function blankDraft() {
    return {
      number: null,
      version: 0,
      editing: false,
      steps: ["contract"],
      contract: null,
      suit: null,
      declarer: null,
      partner: null,
      won: null,
      schneider: false,
      schwarz: false,
      tout: false,
      laufende: 0,
      kontra: 0,
      extra: [],
    };
  }
  let draft = blankDraft();

  const step = () => draft.steps[draft.steps.length - 1];
  const untouched = () => !draft.editing && draft.steps.length === 1 && !draft.contract;

  function codeOf(d) {
    const contract = contractOf(d.contract);
    const tokens = [d.contract];
    if (contract.suits.length) tokens.push(d.suit);
    tokens.push(String(d.declarer));
    if (contract.partner) tokens.push(String(d.partner));
    if (contract.result && d.won !== null) tokens.push(d.won ? "+" : "-");
    if (d.schwarz) tokens.push("sw");
    else if (d.schneider) tokens.push("sn");
    if (d.tout) tokens.push("t");
    tokens.push(...d.extra); // what the buttons do not offer (Augen) stays as it was
    if (d.laufende) tokens.push("l" + d.laufende);
    if (d.kontra) tokens.push(d.kontra === 2 ? "kk" : "k");
    return tokens.join(" ");
  }

  function summaryOf(d) {
    const contract = contractOf(d.contract);
    let what = contract.label;
    const suit = contract.suits.find((s) => s.code === d.suit);
    if (suit) what += " " + suit.label;
    if (d.tout) what += " " + text("tout");
    let who = nameOf(d.declarer);
    if (contract.partner && d.partner) {
      who = text("with", { declarer: who, partner: nameOf(d.partner) });
    }
    const parts = [what, who];
    if (contract.result && d.won !== null) {
      let result = text(d.won ? "won" : "lost");
      if (d.schwarz) result += " " + text("schwarz");
      else if (d.schneider) result += " " + text("schneider");
      parts.push(result);
    }
    if (d.laufende) parts.push(text("laufende", { n: d.laufende }));
    if (d.kontra) parts.push(text(d.kontra === 2 ? "retour" : "kontra"));
    return text("game", { n: d.number }) + ": " + parts.join(" · ");
  }

  // A stored game's code (as scoring/entry_code.code_format writes it) back into the buttons.
  function parse(code, number, version) {
    const tokens = code.trim().toLowerCase().split(/\s+/);
    const contract = contractOf(tokens.shift());
    if (!contract) return null;
    const d = blankDraft();
    Object.assign(d, { number, version, editing: true, contract: contract.code });
    if (contract.suits.length) d.suit = tokens.shift();
    d.declarer = Number(tokens.shift());
    if (contract.partner) d.partner = Number(tokens.shift());
    tokens.forEach((token) => {
      if (token === "+") d.won = true;
      else if (token === "-") d.won = false;
      else if (token === "sn") d.schneider = true;
      else if (token === "sw") d.schwarz = true;
      else if (token === "t") d.tout = true;
      else if (/^l\d+$/.test(token)) d.laufende = Number(token.slice(1));
      else if (token === "k" || token === "kk") d.kontra = token.length;
      else d.extra.push(token);
    });
    d.steps = ["contract"];
    if (contract.suits.length) d.steps.push("suit");
    d.steps.push("declarer");
    if (contract.partner) d.steps.push("partner");
    d.steps.push("result");
    return d;
  }

  function choiceButton(label, data, pressed) {
    const button = element("button", "phone-choice", label);
    button.type = "button";
    Object.assign(button.dataset, data);
    button.setAttribute("aria-pressed", String(Boolean(pressed)));
    return button;
  }

  function players(except) {
    const out = sitsOut(draft.number);
    return state.seats
      .filter((seat) => seat.position !== out && seat.position !== except)
      .map((seat) => seat.position);
  }

  function press(selector, pressed) {
    $$(selector, wizard).forEach((button) => button.setAttribute("aria-pressed", String(pressed)));
  }

  function renderWizard() {
    wizard.hidden = keeper() !== "me";
    if (wizard.hidden) return;
    if (untouched()) draft.number = nextNumber();
    const current = draft.number === null ? "done" : step();
    $$("[data-step]", wizard).forEach((part) => {
      part.hidden = part.dataset.step !== current;
    });
    $("#phone-wizard-title").textContent =
      draft.number === null ? "" : text(draft.editing ? "change" : "game", { n: draft.number });
    wizard.querySelector('[data-go="back"]').hidden = draft.steps.length < 2 || current === "done";
    wizard.querySelector('[data-go="cancel"]').hidden = untouched();
    const contract = contractOf(draft.contract);
    // The buttons of the step: [label, value] each, the one chosen before pressed.
    const options = {
      contract: () => choices.contracts.map((c) => [c.label, c.code]),
      suit: () => contract.suits.map((s) => [s.label, s.code]),
      declarer: () => players(null).map((p) => [nameOf(p), p]),
      partner: () => players(draft.declarer).map((p) => [nameOf(p), p]),
    }[current];
    if (options) {
      const buttons = options().map(([label, value]) =>
        choiceButton(label, { [current]: value }, value === draft[current])
      );
      wizard.querySelector('[data-choices="' + current + '"]').replaceChildren(...buttons);
    } else if (current === "result") {
      renderResult(contract);
    }
  }

  function renderResult(contract) {
    const part = (name) => wizard.querySelector('[data-part="' + name + '"]');
    part("won").hidden = !contract.result;
    press('[data-won="1"]', draft.won === true);
    press('[data-won="0"]', draft.won === false);
    $$("[data-flag]", wizard).forEach((button) => {
      const flag = button.dataset.flag;
      button.hidden = flag === "tout" ? !contract.tout : !contract.result;
      button.setAttribute("aria-pressed", String(draft[flag]));
    });
    part("laufende").hidden = !choices.laufende;
    $("#phone-laufende").textContent = String(draft.laufende);
    part("kontra").hidden = !(choices.kontra && contract.result);
    press('[data-kontra="1"]', draft.kontra === 1);
    press('[data-kontra="2"]', draft.kontra === 2);
    $("#phone-summary").textContent = summaryOf(draft);
    wizard.querySelector('[data-go="save"]').disabled = contract.result && draft.won === null;
  }

  function go(next) {
    draft.steps.push(next);
    renderWizard();
    wizard.scrollIntoView({ block: "end" });
  }

  function afterContract() {
    const contract = contractOf(draft.contract);
    if (!contract.suits.some((s) => s.code === draft.suit)) draft.suit = null;
    if (!contract.partner) draft.partner = null;
    if (!contract.tout) draft.tout = false;
    if (!contract.result) {
      Object.assign(draft, { won: null, schneider: false, schwarz: false, kontra: 0 });
    }
    go(contract.suits.length ? "suit" : "declarer");
  }

  function afterDeclarer() {
    if (draft.partner === draft.declarer) draft.partner = null;
    go(contractOf(draft.contract).partner ? "partner" : "result");
  }

  wizard.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    const data = button.dataset;
    if (data.go === "back") {
      draft.steps.pop();
      renderWizard();
    } else if (data.go === "cancel") {
      draft = blankDraft();
      renderWizard();
    } else if (data.go === "save") {
      enqueue(draft.number, codeOf(draft), draft.version, summaryOf(draft));
      draft = blankDraft();
      render();
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
      renderWizard();
    } else if (data.flag) {
      const flag = data.flag;
      draft[flag] = !draft[flag];
      if (flag === "schwarz" && draft.schwarz) draft.schneider = false;
      if (flag === "schneider" && draft.schneider) draft.schwarz = false;
      renderWizard();
    } else if (data.laufende) {
      draft.laufende = Math.min(14, Math.max(0, draft.laufende + Number(data.laufende)));
      renderWizard();
    } else if (data.kontra) {
      const level = Number(data.kontra);
      draft.kontra = draft.kontra === level ? 0 : level;
      renderWizard();
    }
  });

  // A game of the list, tapped by the scorekeeper: the same screens, filled in, to change it.
  $("#phone-rows").addEventListener("click", (event) => {
    const button = event.target.closest("[data-edit]");
    if (!button || keeper() !== "me") return;
    const row = state.rows.find((r) => r.number === Number(button.dataset.edit));
    const edited = row && parse(row.code, row.number, row.version);
    if (edited) {
      draft = edited;
      renderWizard();
      wizard.scrollIntoView({ block: "end" });
    } else if (row) {
      codeForm.number.value = row.number;
      codeForm.code.value = row.code;
      $("#phone-code").open = true;
      codeForm.code.focus();
    }
  });

  $("#phone-failed").addEventListener("click", (event) => {
    const button = event.target.closest("[data-dismiss]");
    if (!button) return;
    failed = failed.filter((entry) => entry.key !== button.dataset.dismiss);
    keep("failed", failed);
    renderFailed();
  });

  // ---- The plain forms, sent by script -------------------------------------------------------

  // The one-line code, for anything the buttons do not offer: a game of the list is changed by
  // its number (its version comes from the list). It goes through the same queue.
  const codeForm = $("#phone-code form");
  const rowOf = (number) => state.rows.find((row) => row.number === number);
  if (!codeForm.querySelector(".error")) $("#phone-code").open = false;
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
    enqueue(number, code, row ? row.version : 0, text("game", { n: number }) + ": " + code);
    codeForm.code.value = "";
    codeForm.number.value = nextNumber() || "";
    $$(".messages.error", codeForm).forEach((error) => error.remove());
  });

  $$("#phone-role form").forEach((form) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const action = form.dataset.action;
      if (action === "take" && !window.confirm(text("take"))) return;
      const body = action === "release" ? { release: true } : { take: action === "take" };
      try {
        const response = await post(urls.keeper, body);
        const data = await json(response);
        if (special(data)) return;
        if (!data) throw new Error("no answer");
        setOnline(true);
        if (data.message) flash(data.message);
        draft = blankDraft();
        apply(data.state);
      } catch (error) {
        setOnline(false);
      }
    });
  });

  $$(".phone-sign").forEach((form) => {
    const error = form.querySelector(".phone-error");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { seat: Number(form.seat.value), code: form.code.value.trim() };
      try {
        const response = await post(urls.confirm, body);
        const data = await json(response);
        if (special(data)) return;
        if (!data) throw new Error("no answer");
        setOnline(true);
        error.hidden = response.ok;
        error.textContent = response.ok ? "" : data.message;
        if (response.ok) {
          form.code.value = "";
          flash(data.message);
        }
        apply(data.state);
      } catch (failure) {
        setOnline(false);
      }
    });
  });

  window.addEventListener("online", () => {
    pump();
    poll();
  });
  window.addEventListener("offline", () => setOnline(false));
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) poll();
  });

  setOnline(navigator.onLine !== false);
  render();
  pump();
  schedulePoll(pollMs);
})();
