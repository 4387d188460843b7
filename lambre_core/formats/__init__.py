"""Translation file formats: the translated strings of a file as checkable ``Segment``s whose
characters map back to the file (see ``read.py``)."""
