"""Stanza's parser trainer, continued from a model with that model's own vocabularies.

Stanza's ``--continue_from`` loads a model's weights but indexes the training data with a
vocabulary built afresh from that data. When the data is not the very file the model was
trained on (noise is drawn again, a treebank was added), word ids point at the wrong rows of
the embedding, or past its end. Run as ``python -m lambre_core.continue_parser ARGS``: the
same arguments as ``python -m stanza.models.parser``; the data is read through the model's
vocabularies, so an unseen word is an unknown word, as it is when the model parses.
"""

from __future__ import annotations

import sys
from typing import Any


def model_vocab(path: str) -> Any:
    """The MultiVocab saved in a Stanza parser file."""
    import torch
    from stanza.models.pos.vocab import MultiVocab

    checkpoint = torch.load(path, map_location="cpu", weights_only=True)
    return MultiVocab.load_state_dict(checkpoint["vocab"])


def main(argv: list[str]) -> None:
    """Run the parser trainer; with ``--continue_from`` its data loaders get the model's vocab."""
    from stanza.models import parser

    if "--continue_from" in argv:
        vocab = model_vocab(argv[argv.index("--continue_from") + 1])
        loader = parser.DataLoader

        def with_model_vocab(doc: Any, batch_size: int, args: Any, pretrain: Any,
                             vocab: Any = vocab, **kw: Any) -> Any:
            return loader(doc, batch_size, args, pretrain, vocab=vocab, **kw)

        parser.DataLoader = with_model_vocab
    parser.main(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
