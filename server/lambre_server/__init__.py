"""lambre-server: the L'AMBRE grammar checker as a language server (LSP over stdio or TCP)."""

__version__ = "0.1.0"
