"""lambre_core: the L'AMBRE engine (CoNLL-U I/O, UD->SUD, rule extraction, checking, scoring)."""

__version__ = "0.1.0"
