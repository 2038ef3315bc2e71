"""``marias review``: a whole game's play evaluated card by card."""
from __future__ import annotations
