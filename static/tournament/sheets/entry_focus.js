// Loaded (not deferred) right after the scoresheet's entry form: the code field has the focus
// while the rest of the page is still read, so keys typed right after a save are not lost.
// After the supervisor entered a game that needs the approval, the approval on the line has
// it instead (its first Tout condition not ticked, else its button): one more key approves.
// A file of its own because the Content-Security-Policy allows no inline script.
(function () {
  "use strict";
  const approval = document.getElementById("genehmigen");
  const first = approval && approval.querySelector("input[type=checkbox]:not(:checked), button");
  (first || document.getElementById("id_code")).focus();
})();
