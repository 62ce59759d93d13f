"""Which names in a person register are the same, or probably the same, person.

Plain Python, no Django. A *key* is a name or club made comparable (case, accents, ß, spaces and
punctuation folded away). Two persons *match* when name and club keys are equal; they are
*likely duplicates* when they share the club key and their names differ only by a Bavarian
nickname (Sepp = Josef), by a typing slip (edit distance of at most 2, or 1 in short names) or by
look-alike letters of another script ("Jоsef" with a Cyrillic о is "Josef": `LOOKALIKES`).

A name *mixes scripts* when its letters come from more than one script (Latin and Cyrillic in
"Jоsef"): the register's duplicate check points such names out (`scripts_mixed`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

#: Nickname → given name, as heard at a Bavarian card table.
NICKNAMES: dict[str, str] = {
    "sepp": "josef",
    "seppi": "josef",
    "beppo": "josef",
    "joseph": "josef",
    "hans": "johann",
    "hansi": "johann",
    "johannes": "johann",
    "schorsch": "georg",
    "girgl": "georg",
    "wast": "sebastian",
    "wastl": "sebastian",
    "basti": "sebastian",
    "resi": "theresia",
    "reserl": "theresia",
    "vroni": "veronika",
    "veronica": "veronika",
    "done": "anton",
    "toni": "anton",
    "sigi": "siegfried",
    "lenz": "lorenz",
    "wiggerl": "ludwig",
    "lucki": "ludwig",
    "bene": "benedikt",
    "hias": "matthias",
    "hiasl": "matthias",
    "kathi": "katharina",
    "leni": "magdalena",
    "franzl": "franz",
    "ferdl": "ferdinand",
    "michl": "michael",
    "mich": "michael",
    "gust": "august",
    "lisi": "elisabeth",
    "liesl": "elisabeth",
    "sissi": "elisabeth",
    "mare": "maria",
    "mitzi": "maria",
    "rosi": "rosina",
    "bartl": "bartholomaeus",
    "wolfi": "wolfgang",
    "steffi": "stefanie",
}


#: Cyrillic and Greek letters that look like Latin ones (or whose capitals do: Н, В, Κ), each
#: followed by that Latin letter. Lower case without accents: the table is applied to `key`.
#: Unicode's list of confusables holds many more; these are the ones keyboards of the
#: neighbours' scripts type into a Bavarian name.
LOOKALIKES = str.maketrans(
    "авсԁеһніјкӏморѕтԝхуүѵαβεηικμνορτυχζϲ",  # Cyrillic, Greek
    "abcdehhijklmopstwxyyvabehikmnoptyxzc",
)


def key(text: str) -> str:
    """`text` folded for comparing: lower case, umlauts as ae/oe/ue, ß as ss, other accents
    dropped, everything but letters and digits as single spaces."""
    text = text.casefold().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    text = text.replace("ß", "ss")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c if c.isalnum() else " " for c in text if not unicodedata.combining(c))
    return " ".join(text.split())


def name_canonical(name: str) -> str:
    """The name's key, look-alike letters of other scripts as the Latin ones, with each
    nickname replaced by its given name."""
    folded = key(name).translate(LOOKALIKES)
    return " ".join(NICKNAMES.get(word, word) for word in folded.split())


#: Scripts that one name rightly writes together: Japanese (Han, Hiragana, Katakana), Korean.
SCRIPT_FAMILIES = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK", "BOPOMOFO": "CJK"}
#: Words of a character's Unicode name that say how it is written, not in which script.
SCRIPT_PREFIXES = ("FULLWIDTH ", "HALFWIDTH ", "SMALL ", "MODIFIER ")


def _script(char: str) -> str:
    """The script of a letter, as the first word of its Unicode name says ("LATIN",
    "CYRILLIC", "GREEK", "MATHEMATICAL" for 𝐀, …), or "" for a character that is no letter or
    has no name."""
    if not unicodedata.category(char).startswith("L"):
        return ""
    name = unicodedata.name(char, "")
    for prefix in SCRIPT_PREFIXES:
        name = name.removeprefix(prefix)
    script = name.split(" ", 1)[0]
    return SCRIPT_FAMILIES.get(script, script)


def scripts_mixed(name: str) -> list[str]:
    """The scripts of a name's letters when there are more than one (["CYRILLIC", "LATIN"] for
    "Jоsef" with a Cyrillic о), else []: such a name may be typed to look like another."""
    scripts = {_script(char) for char in name} - {""}
    return sorted(scripts) if len(scripts) > 1 else []


def edit_distance(a: str, b: str, *, most: int | None = None) -> int:
    """Levenshtein distance: insertions, deletions and substitutions of one character. With
    `most`, any distance beyond it is answered as `most + 1` (and found sooner).

    rapidfuzz's, in C++: a register's search compares one name with every person's, and the
    same loop in Python took a quarter of a millisecond a pair (docs/development.md)."""
    return Levenshtein.distance(a, b, score_cutoff=most)


@dataclass(frozen=True)
class Entry:
    """A person as the matcher sees it: its id, name and club."""

    id: int
    name: str
    club: str


def same(a: Entry, b: Entry) -> bool:
    """Same name and club, once folded."""
    return key(a.name) == key(b.name) and key(a.club) == key(b.club)


def likely_same(a: Entry, b: Entry) -> bool:
    """Not `same`, but probably one person: the same club (or one of them without a club),
    and names equal up to nicknames, word order or a typing slip."""
    club_a, club_b = key(a.club), key(b.club)
    if club_a and club_b and club_a != club_b:
        return False
    name_a, name_b = name_canonical(a.name), name_canonical(b.name)
    if not name_a or not name_b:
        return False
    if name_a == name_b or sorted(name_a.split()) == sorted(name_b.split()):
        return not same(a, b)
    allowed = 1 if min(len(name_a), len(name_b)) < 8 else 2
    return edit_distance(name_a, name_b, most=allowed) <= allowed


def _family_initial(entry: Entry) -> str:
    words = name_canonical(entry.name).split()
    return words[-1][:1] if words else ""


def duplicates_likely(entries: Iterable[Entry]) -> list[tuple[Entry, Entry]]:
    """Pairs of entries that are probably one person (each pair once, in the order given).

    Only names whose family names begin alike are compared (a slip in the first letter is
    rare), and among those only the pairs that `_candidates` finds, so that a register of
    tens of thousands is not compared pair by pair. The pairs are exactly those of comparing
    every two entries of a group: every pair `likely_same` or `same` accepts is a candidate."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(_family_initial(entry), []).append(entry)
    pairs = []
    for listed in groups.values():
        for i, j in _candidates(listed):
            a, b = listed[i], listed[j]
            if likely_same(a, b) or same(a, b):
                pairs.append((a, b))
    return pairs


def _deletions(text: str, most: int) -> set[str]:
    """`text` with up to `most` of its characters left out, in every way."""
    found = {text}
    for _round in range(most):
        found |= {t[:k] + t[k + 1 :] for t in found for k in range(len(t))}
    return found


def _candidates(listed: list[Entry]) -> list[tuple[int, int]]:
    """The pairs (i < j, in order) of `listed` whose names may be probably one person: they
    share a block. Names within an edit distance of 1 (2 when both have 8 characters or more)
    share a name with up to that many characters left out of each (a substitution leaves out
    one of each, an insertion one of the longer); names equal up to word order share their
    sorted words. Equal canonical names share the name itself."""
    blocks: dict[str, list[int]] = {}
    for index, entry in enumerate(listed):
        name = name_canonical(entry.name)
        keys = {"\x00" + " ".join(sorted(name.split()))}
        keys |= _deletions(name, 1 if len(name) < 8 else 2)
        for block in keys:
            blocks.setdefault(block, []).append(index)
    pairs: set[tuple[int, int]] = set()
    for members in blocks.values():
        for n, i in enumerate(members):
            pairs.update((i, j) for j in members[n + 1 :])
    return sorted(pairs)


def similar_to(entry: Entry, entries: Iterable[Entry]) -> list[Entry]:
    """The entries probably the same person as `entry` (not `entry` itself)."""
    return [e for e in entries if e.id != entry.id and (likely_same(entry, e) or same(entry, e))]
