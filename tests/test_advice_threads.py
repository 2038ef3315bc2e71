"""The advice's worker threads: one pool for the life of the process, the same numbers on any number."""
from __future__ import annotations

import threading

from analyzer.advice import actor_view, defender_view, table

HAND = "hA hO h7 bX b9 lO l9 l8 l7 aA aK a8"


def test_same_seed_same_numbers_whatever_the_threads_and_calls():
    runs = []
    for jobs in (1, 2, 3):
        table._PICKS.clear()  # the defence's fleks at the table found again on these threads
        runs.append(actor_view(HAND, seed=4, worlds=20, jobs=jobs, contracts=["seven", "betl"]).to_json())
    one, two, again = runs
    assert one["options"] == two["options"] == again["options"]
    assert "at_table" in one["options"][0]
    own = "hX hK bA bK lA lX lK aX aO a9"
    d1 = defender_view(own, "seven", trump="a", actor=0, seat=1, worlds=30, seed=2, jobs=1).to_json()
    d2 = defender_view(own, "seven", trump="a", actor=0, seat=1, worlds=30, seed=2, jobs=2).to_json()
    assert d1["options"] == d2["options"]


def test_layout_threads_are_kept_between_calls():
    actor_view(HAND, seed=1, worlds=10, jobs=2, contracts=["seven"])
    before = {t.ident for t in threading.enumerate() if t.name.startswith("marias-advice")}
    actor_view(HAND, seed=2, worlds=10, jobs=2, contracts=["seven"])
    after = {t.ident for t in threading.enumerate() if t.name.startswith("marias-advice")}
    assert before and before <= after  # no pool per call: the threads (and their tables) stay
