// Move focus to the error summary of a refused form, so it is read first (WCAG 3.3.1).
// A static file, not an inline script: the Content-Security-Policy allows no inline code.
(function () {
  var summary = document.querySelector(".dogtag-error-summary");
  if (summary) { summary.focus(); }
})();
