"""Which names are Hugging Face repo ids to read: kept apart from the reader so that a question about a
catalogue model never imports the Hub machinery."""

from __future__ import annotations

import re

from sizing.catalog import Catalog, normalize
from sizing.names import name_index, release_index

# owner/name as the Hub spells repo ids (huggingface_hub.utils.validate_repo_id), with an optional GGUF
# file type after a colon.
REPO_ID = re.compile(r"^[\w.-]{2,96}/[\w.-]{1,96}$")


def wants_repo(model: str, catalog: Catalog) -> bool:
    """Whether the model named is a repo id the catalogue does not list: the only names the Hub is read
    for."""
    repo = model.strip().split(":", 1)[0]
    if not REPO_ID.match(repo):
        return False
    key = normalize(repo)
    return not (key in name_index(catalog.models) or key in release_index(catalog.models))
