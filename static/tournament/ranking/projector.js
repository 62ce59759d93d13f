// The projector view (templates/tournament/ranking/projector.html) turns its pages by itself:
// every data-seconds seconds the next page (data-next) is loaded. Pause holds the page until
// pressed again (aria-pressed), Stop ends the paging for good; both are buttons, reached with
// Tab. No meta refresh: it could be neither paused nor stopped (WCAG 2.2.1, 2.2.2). A file
// because the Content-Security-Policy allows no inline script; without JavaScript the page
// stays and its link turns it.
(function () {
  "use strict";

  const paging = document.getElementById("paging");
  if (!paging) return;
  const seconds = Math.max(2, Number(paging.dataset.seconds) || 20);
  const pause = paging.querySelector('[data-paging="pause"]');
  const stop = paging.querySelector('[data-paging="stop"]');
  const status = paging.querySelector('[data-paging="status"]');
  let timer = null;

  function start() {
    clearTimeout(timer);
    timer = setTimeout(() => window.location.assign(paging.dataset.next), seconds * 1000);
  }

  pause.addEventListener("click", () => {
    const paused = pause.getAttribute("aria-pressed") !== "true";
    pause.setAttribute("aria-pressed", String(paused));
    status.textContent = paused ? paging.dataset.paused : "";
    if (paused) clearTimeout(timer);
    else start();
  });

  stop.addEventListener("click", () => {
    clearTimeout(timer);
    pause.hidden = true;
    stop.hidden = true;
    status.textContent = paging.dataset.stopped;
    paging.querySelector("a").focus(); // the buttons are gone: the focus stays in the controls
  });

  pause.hidden = false;
  stop.hidden = false;
  start();
})();
