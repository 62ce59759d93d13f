"""Cards named in the tournament's deck in templates (`tournament.scorekeeping.deck`):
`{% suit_legend as suits %}` gives (letter, name) of each suit for the code help,
`{% suit_letter "eichel" %}` a suit's letter, `{% deck_phrase "code_example" %}` a sentence."""

from __future__ import annotations

from django import template

from tournament.scorekeeping import deck

register = template.Library()


@register.simple_tag
def suit_legend() -> list[tuple[str, str]]:
    return deck.suit_legend()


@register.simple_tag
def suit_letter(suit: str) -> str:
    return deck.suit_letter(suit)


@register.simple_tag
def deck_phrase(key: str) -> str:
    return deck.deck_phrase(key)
