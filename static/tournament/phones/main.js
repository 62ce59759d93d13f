// A table's sheet on a player's phone (templates/tournament/phones/phone.html), held in one
// hand. The scorekeeper's phone enters one game per screen by buttons (wizard.js) and builds
// the one-line game code of scoring/entry_code.py (code.js, draft.js); the other phones only
// read. Every game saved goes through a queue kept on the phone (queue.js); the sheet's state
// is asked every few seconds (server.js) and shown (render.js); the plain forms are sent by
// script (form.js). Without JavaScript the page works with its plain forms. Modules in files
// because the Content-Security-Policy allows no inline script; this one wires them together.

import { blankDraft } from "./draft.js";
import { formsOf } from "./form.js";
import { pageOf, readJson } from "./page.js";
import { queueOf } from "./queue.js";
import { render } from "./render.js";
import { resendOf } from "./resend.js";
import { serverOf } from "./server.js";
import { wizardOf } from "./wizard.js";

function start(root) {
  const app = pageOf(root);
  Object.assign(app, {
    choices: readJson("phone-choices"),
    urls: {
      state: root.dataset.stateUrl,
      entry: root.dataset.entryUrl,
      keeper: root.dataset.keeperUrl,
      confirm: root.dataset.confirmUrl,
      games: root.dataset.gamesUrl,
    },
    state: readJson("phone-state"),
    applied: 0, // counts the states shown: an older poll answer must not undo a newer one
    online: true,
    gone: false,
    draft: blankDraft(),
    render: () => render(app),
  });
  // The scorekeeper's phone asks every few seconds, the phones that only read less often.
  const keeperMs = Math.max(200, Number(root.dataset.poll) || 3000);
  const viewerMs = Math.max(keeperMs, Number(root.dataset.viewerPoll) || 12000);
  Object.defineProperty(app, "pollMs", {
    get: () => (app.state && app.state.keeper === "me" ? keeperMs : viewerMs),
  });
  const server = serverOf(app);
  const queue = queueOf(app);
  Object.assign(app, server, queue);
  Object.assign(app, resendOf(app));
  const wizard = wizardOf(app);
  const forms = formsOf(app);
  Object.assign(app, {
    renderWizard: wizard.render,
    dropDraft: wizard.drop,
    refreshCodeForm: forms.refresh,
    editAsCode: forms.editAsCode,
  });

  window.addEventListener("online", () => {
    app.pump();
    app.poll();
  });
  window.addEventListener("offline", () => app.setOnline(false));
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) return;
    app.poll();
    app.checkSaved(); // hidden for a while: the server may have changed meanwhile
  });

  app.setOnline(navigator.onLine !== false);
  app.render();
  app.pump();
  app.checkSaved();
  app.schedulePoll(app.pollMs);
}

const root = document.getElementById("phone");
if (root) start(root);
