"""The Content-Security-Policy header on HTML pages (django-csp 4, policy in settings.py).

django-csp sets it on every response; a PDF shown inline (scoresheets, ranking, printouts)
would then be displayed by Chromium's PDF viewer under that policy, which blocks the viewer's
own inline styles and plugin (object-src 'none'): a blank or clipped PDF. The policy protects
documents that run scripts, so it goes on HTML only; PDFs, JSON and spreadsheets go without.
"""

from csp.middleware import CSPMiddleware


class HtmlCSPMiddleware(CSPMiddleware):
    def process_response(self, request, response):
        if not response.get("Content-Type", "").startswith("text/html"):
            return response
        return super().process_response(request, response)
