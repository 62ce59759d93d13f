// The focus follows the scorekeeper's screens (wizard.js; WCAG 2.4.3). The button pressed is
// hidden with its step, and the focus would fall to the page's <body>: the new step's question
// takes it instead (the result's first button, which has none), and after saving the heading of
// the next game does (#phone-flash, role="status", announces the game saved). Buttons redrawn
// on the same step (a new answer of the server) keep it on the same choice.

// `wizard` the screens, `title` their heading; `shown` is set by the wizard to the step shown.
export function focusOf(wizard, title) {
  const focus = { shown: null };

  // Where the focus goes on a new step: its question, else (the result) its first button.
  function step() {
    const part = wizard.querySelector('[data-step="' + focus.shown + '"]');
    if (!part) return;
    const ask = part.matches(".phone-ask") ? part : part.querySelector(".phone-ask");
    const first = Array.from(part.querySelectorAll("button")).find(
      (button) => !button.disabled && button.offsetParent !== null
    );
    (ask || first || title).focus();
  }

  // After a press on the step `before` (`saved`: the game was saved).
  focus.settle = (before, saved) => {
    if (wizard.hidden) return;
    const active = document.activeElement;
    const lost =
      !active || active === document.body || !wizard.contains(active) || !active.offsetParent;
    if (saved && focus.shown !== "done") title.focus();
    else if (saved || focus.shown !== before || lost) step();
  };

  // The choices of `box` replaced by `buttons` (data-`name` their value).
  focus.redraw = (box, buttons, name) => {
    const active = document.activeElement;
    const focused = box.contains(active) ? active.dataset[name] : undefined;
    box.replaceChildren(...buttons);
    const again = focused !== undefined && buttons.find((b) => b.dataset[name] === focused);
    if (again) again.focus();
  };

  focus.heading = () => title.focus();
  return focus;
}
