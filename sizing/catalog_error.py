"""CatalogError, on its own: every reader of the data files raises it (the catalogue, the message files, the
word lists), and sizing/errors.py, whose SizingError reads its sentence from the message files, names it
too. Importing nothing, it lets i18n.py raise it without importing errors.py back."""

from __future__ import annotations


class CatalogError(Exception):
    """A data file is missing, unreadable or holds a value the engine cannot use."""
