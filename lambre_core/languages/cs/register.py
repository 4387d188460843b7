"""Common Czech (obecná čeština): the spoken register's adjective endings. Bohemian speech, its
transcripts and the dialogue of fiction write "nový věty", "ty známý", "novej dům", "s
normálníma": each ending is the register's regular form of a standard one ("nové věty", "ty
známé", "nový dům", "s normálními"), not a wrong choice of gender or number. A failure that the
standard form would fix is the register's, not an error."""

from __future__ import annotations

#: colloquial ending -> the standard endings it stands for (longest first: "ejma" before "ma")
_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ejma", ("ými",)),
    ("ejch", ("ých",)),
    ("ejho", ("ého",)),
    ("ejmu", ("ému",)),
    ("ýma", ("ými",)),
    ("íma", ("ími",)),
    ("ejm", ("ým", "ém")),
    # the instrumental's -ým for the locative's -ém ("při skutečným nastavení", "v tom novým
    # domě": the spoken register has one ending for both)
    ("ým", ("ém",)),
    ("ej", ("ý",)),
    # the hard adjective's -ý for the standard -é (neuter singular, feminine and inanimate
    # plural) and -í (animate plural: "ty nový kluci")
    ("ý", ("é", "í")),
)


def standard_forms(form: str) -> tuple[str, ...]:
    """The standard forms a Common Czech adjective form may stand for ("nový" -> "nové",
    "noví"); empty for a form without a colloquial ending."""
    from .morph import animate_plural

    low = form.lower()
    for ending, standard in _ENDINGS:
        if low.endswith(ending) and len(low) > len(ending) + 1:
            stem = form[: len(form) - len(ending)]
            # (the animate plural softens the stem: "ty český kluci" -> "čeští")
            return tuple(animate_plural(stem + "ý") if s == "í" else stem + s for s in standard)
    return ()
