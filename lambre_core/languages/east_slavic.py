"""What Russian and Ukrainian share beyond their tag set: how a number in digits counts."""

from __future__ import annotations


def number_word(digits: str, few: str, many: str) -> str | None:
    """The number word a number in digits counts as: ``few`` ("два") for one ending in 2-4 but
    not 12-14 ("22 года"), ``many`` ("пять") for one ending in 5-9 or 0 or in 11-14; None for
    one ending in 1 (but not 11), whose noun agrees as after "один", for zero, for a leading
    zero and for the numbers of years (1000-2099)."""
    if not digits.isdigit() or (len(digits) > 1 and digits[0] == "0"):
        return None
    n = int(digits)
    if n == 0 or (len(digits) == 4 and 1000 <= n < 2100):
        return None
    if n % 100 in range(11, 15):
        return many
    if n % 10 == 1:
        return None
    return few if n % 10 in (2, 3, 4) else many
