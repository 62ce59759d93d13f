// The phone page's elements and texts (templates/tournament/phones/phone.html): lookups
// inside the page's root, the JSON blocks the server wrote, and the translated texts of
// #phone-texts with their {placeholders}.

export function pageOf(root) {
  const $ = (selector) => root.querySelector(selector);
  const $$ = (selector, scope) => Array.from((scope || root).querySelectorAll(selector));
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
  return { root, $, $$, text };
}

export const readJson = (id) => JSON.parse(document.getElementById(id).textContent);

export function element(tag, className, content) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (content !== undefined) node.textContent = content;
  return node;
}

// A button of the scorekeeper's screens (wizard.js): a choice, pressed when chosen before.
export function choiceButton(label, data, pressed) {
  const button = element("button", "phone-choice", label);
  button.type = "button";
  Object.assign(button.dataset, data);
  button.setAttribute("aria-pressed", String(Boolean(pressed)));
  return button;
}
