// The door's list filters while a name is typed (the same page asked by POST with the search
// form's fields, its list taken over: a name never goes into an address, where the access log
// would keep it), and Enter with exactly one player still to check in checks that one in (paid
// in cash).
(function () {
  "use strict";
  const form = document.getElementById("door-search");
  const list = document.getElementById("door-list");
  if (!form || !list) return;
  const input = form.querySelector("input[name=q]");
  let timer = null;
  let asked = 0;
  let shownFor = input.value; // the query the list shows

  async function refresh() {
    const number = ++asked;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: new FormData(form), // the query and the CSRF token
        credentials: "same-origin",
        headers: { Accept: "text/html" },
      });
      if (!response.ok || number !== asked) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("door-list");
      if (fresh && number === asked) {
        list.replaceChildren(...fresh.childNodes);
        shownFor = input.value;
      }
    } catch (error) {
      // offline for a moment: the search button still works
    }
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(refresh, 200);
  });
  form.addEventListener("submit", async function (event) {
    event.preventDefault();
    clearTimeout(timer);
    if (shownFor !== input.value) await refresh();
    if (shownFor !== input.value) return form.submit(); // no answer: the page asks itself
    const open = list.querySelectorAll('.door-player[data-open="1"]');
    const all = list.querySelectorAll(".door-player");
    if (all.length === 1 && open.length === 1) open[0].querySelector("button.primary").click();
  });
})();
