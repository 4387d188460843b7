"""Ukrainian mechanisms of the precise checker, each held by a pair through the shipped model:
the sentence with an error is flagged on its word, the correct ones are clean."""

from __future__ import annotations

from collections.abc import Callable


def test_a_noun_read_as_an_adjective_after_its_preposition(
        mechanism_pair: Callable[..., None]) -> None:
    # "в грудні" (in December) tagged as the adjective "грудний" of the noun after it: the
    # month is the preposition's object, the noun's own adjective is still checked
    mechanism_pair("uk", "month after a preposition",
                   "Нагадаємо, в грудні колишні президент США Барак Обама підписав бюджет.",
                   "колишні",
                   ["Нагадаємо, в грудні колишній президент США Барак Обама підписав бюджет."])
