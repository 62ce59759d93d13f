// Registering a player: while the name is typed, the register's persons whose name or club
// contain it are offered below the field (the form's data-person-search URL answers JSON).
// ArrowDown moves into the list, Enter or a click picks a person (name, club and the hidden
// person id are filled in), Escape closes the list. Typing on forgets a picked person.
// A module (for fetch_json.js); templates/tournament/registration/players.html loads it so.

import { fetchJson } from "../web/fetch_json.js";

(function () {
  const form = document.querySelector("form[data-person-search]");
  if (!form) return;
  const name = form.querySelector("input[name=name]");
  const club = form.querySelector("input[name=club]");
  const person = form.querySelector("input[name=person]");
  const list = document.createElement("ul");
  list.className = "person-pick";
  list.id = "person-pick";
  list.setAttribute("aria-label", form.dataset.personLabel || "");
  list.hidden = true;
  name.insertAdjacentElement("afterend", list);
  name.setAttribute("aria-controls", list.id);
  let timer = null;
  let asked = 0;

  function close() {
    list.hidden = true;
    list.replaceChildren();
  }

  function pick(found) {
    name.value = found.name;
    club.value = found.club;
    person.value = String(found.id);
    close();
    club.focus();
  }

  function show(persons) {
    list.replaceChildren();
    for (const found of persons) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.tabIndex = -1; // Tab goes on to the club; ArrowDown enters the list
      button.textContent = found.club ? found.name + ", " + found.club : found.name;
      button.addEventListener("click", () => pick(found));
      button.addEventListener("keydown", (event) => {
        const items = [...list.querySelectorAll("button")];
        const at = items.indexOf(button);
        if (event.key === "ArrowDown" && at + 1 < items.length) items[at + 1].focus();
        else if (event.key === "ArrowUp") (at > 0 ? items[at - 1] : name).focus();
        else if (event.key === "Escape") { close(); name.focus(); }
        else return;
        event.preventDefault();
      });
      item.append(button);
      list.append(item);
    }
    list.hidden = persons.length === 0;
  }

  async function search() {
    const query = name.value.trim();
    const mine = ++asked;
    if (query.length < 2) { close(); return; }
    const url = new URL(form.dataset.personSearch, window.location.href);
    url.searchParams.set("q", query);
    try {
      const answer = await fetchJson(url);
      if (!answer.ok || mine !== asked) return;
      if (answer.data) show(answer.data.persons);
      else close(); // no JSON (a login page, say): as offline
    } catch (error) {
      close(); // offline: the player is registered by name and club as typed
    }
  }

  name.addEventListener("input", () => {
    person.value = "";
    clearTimeout(timer);
    timer = setTimeout(search, 200);
  });
  club.addEventListener("input", () => { person.value = ""; });
  name.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" && !list.hidden) {
      list.querySelector("button").focus();
      event.preventDefault();
    } else if (event.key === "Escape") close();
  });
})();
