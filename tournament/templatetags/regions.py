"""`{% table_region "heading-id" %}<table>…</table>{% endtable_region %}`: the container of a
table wider than a phone. It scrolls sideways, so it is a region the keyboard can reach and scroll
(`tabindex="0"`), named by the heading above the table (WCAG 2.1.1, axe's
scrollable-region-focusable). Every page's tables go through it: the markup is here once."""

from __future__ import annotations

from django import template
from django.utils.html import format_html

register = template.Library()


class TableRegionNode(template.Node):
    def __init__(self, parts: list, classes: str, nodelist) -> None:
        self.parts, self.classes, self.nodelist = parts, classes, nodelist

    def render(self, context) -> str:
        heading = "".join(str(part.resolve(context)) for part in self.parts)
        return format_html(
            '<div class="{}" role="region" tabindex="0" aria-labelledby="{}">{}</div>',
            " ".join(["table-container", *self.classes.split()]),
            heading,
            self.nodelist.render(context),
        )


@register.tag
def table_region(parser, token) -> TableRegionNode:
    """`{% table_region "heading-id" %}`; the id in parts (`"korrektur-" correction.pk`) when
    it holds a variable; `class="more classes"` last adds classes to the container."""
    bits = token.split_contents()[1:]
    classes = ""
    if bits and bits[-1].startswith("class="):
        classes = bits.pop()[len("class=") :].strip("\"'")
    if not bits:
        raise template.TemplateSyntaxError("table_region takes the id of the table's heading")
    nodelist = parser.parse(("endtable_region",))
    parser.delete_first_token()
    return TableRegionNode([parser.compile_filter(bit) for bit in bits], classes, nodelist)
