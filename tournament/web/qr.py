"""QR codes as inline SVG (segno): printed on the table list and shown on the projector view,
leading to the tournament's public ranking page."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, *, scale: int = 4) -> SafeString:
    """An inline <svg> of the QR code of `url`; segno writes only its own markup."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=scale, omitsize=False))
