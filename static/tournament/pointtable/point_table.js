// The point-table form's live example: while the supervisor types, the values go to the page as
// a preview (POST `preview` with `live`, which saves nothing and skips the ranking preview) and
// the list "what each game scores" is replaced by the answer's. Without JavaScript the button
// "Beispiel zeigen" does the same.
(function () {
  const form = document.getElementById("point-table-form");
  const examples = document.getElementById("beispiele");
  if (!form || !examples) return;
  let timer = null;
  let asked = 0;

  async function refresh() {
    const data = new FormData(form);
    data.append("preview", "1");
    data.append("live", "1");
    const mine = ++asked;
    let response;
    try {
      response = await fetch(form.action, { method: "POST", body: data, credentials: "same-origin" });
    } catch (error) {
      return; // offline: the button still works once the connection is back
    }
    if (mine !== asked) return; // a newer answer is on its way
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById("beispiele");
    if (fresh) examples.replaceChildren(...fresh.childNodes);
    examples.dataset.state = response.ok ? "ok" : "invalid";
  }

  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(refresh, 300);
  });
})();
