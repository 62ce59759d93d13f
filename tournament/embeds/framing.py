"""The one exception to "no site may frame ours" (settings: `X_FRAME_OPTIONS = "DENY"`, CSP
`frame-ancestors 'none'`): an embed may be framed by any site. Both are lifted for the
decorated view alone; every other page keeps refusing to be framed."""

from __future__ import annotations

from csp.decorators import csp_replace
from django.views.decorators.clickjacking import xframe_options_exempt

#: What an embed's Content-Security-Policy says instead of `frame-ancestors 'none'`.
FRAMED_BY_ANY = {"frame-ancestors": ["*"]}


def framable(view):
    """`view` may be shown in an `<iframe>` of any site. Applied outside the public page cache,
    so that a page served from the cache is framable too (the cache keeps the headers, not the
    marks these decorators put on the response)."""
    return csp_replace(FRAMED_BY_ANY)(xframe_options_exempt(view))
