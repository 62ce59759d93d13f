// Loaded (not deferred) right after the scoresheet's entry form: the code field has the focus
// while the rest of the page is still read, so keys typed right after a save are not lost.
// A file of its own because the Content-Security-Policy allows no inline script.
document.getElementById("id_code").focus();
