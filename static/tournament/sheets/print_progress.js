// The progress page of a background job (templates/tournament/jobs/progress.html); a file
// because the Content-Security-Policy allows no inline script.
// Asks the server how far the job got (or its place in line), once a second, until the PDF is
// ready or has failed. A module (for fetch_json.js).

import { fetchJson } from "../web/fetch_json.js";

(function () {
  const box = document.getElementById("druck");
  const bar = document.getElementById("druck-fortschritt");
  const text = document.getElementById("druck-text");
  const ready = document.getElementById("druck-fertig");
  const link = document.getElementById("druck-link");
  const waiting = ["queued", "running"];
  let misses = 0;

  function show(data) {
    misses = 0;
    bar.max = data.total || 1;
    bar.value = data.done;
    text.textContent = data.message;
    if (data.state === "ready" && ready && link) {
      link.href = data.url;
      ready.hidden = false;
      link.focus();
    } else if (waiting.includes(data.state)) {
      window.setTimeout(poll, 1000);
    }
  }

  function poll() {
    fetchJson(box.dataset.status)
      .then((answer) => (answer.ok && answer.data ? answer.data : Promise.reject(answer.status)))
      .then(show)
      .catch(() => {
        misses += 1;
        text.textContent = box.dataset.offline;
        if (misses < 30) window.setTimeout(poll, 2000);
      });
  }

  if (waiting.includes(box.dataset.state)) window.setTimeout(poll, 1000);
})();
