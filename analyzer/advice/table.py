"""The actor's money at the table: the defence fleks by its own flek advice on its own cards.

For an option of the actor, on the first worlds of his confirmation (common
to every option), each defender looks at his own ten cards and takes the flek
his advice (:mod:`analyzer.advice.flek`, the defender's view) gives on a few
deals of his own; the game is then settled as at the table (csm 12.3-12.4 when
nobody fleks, 12.5 when the actor's hand is laid down, 12.6) with the fleks of
both defenders, the actor answering a flek with a re on a part he makes (the
stated policy of the defender's view). Whether the hand is laid down is the
check of ``marias claim`` (every split of the defence solved open-handed),
once per option.
The played-out figure on the same worlds is given beside it, so the two are
paired.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from analyzer.advice.evaluate import each_layout, outcomes
from analyzer.advice.flek import Choice, Deal, choices, pay
from analyzer.advice.money import four_side_cards, holding, quiet_seven_seat
from analyzer.advice.options import Option, announced_mask, needs_marriage
from analyzer.advice.stats import estimate
from analyzer.advice.steps import TENS, point_bounds, settled_tens, tens
from analyzer.advice.worlds import DealSource, WorldBatch
from analyzer.cards import CardSet
from analyzer.claim_reading import ClaimTimeout
from analyzer.claims import check_claim
from analyzer.errors import MariasError
from analyzer.scoring import resolve

TABLE_UNITS = 16    # units of the confirmation's worlds priced at the table
DEFENDER_DEALS = 6  # deals each defender's own flek advice is taken on
PICK_RUNS = 4       # runs of worlds the defence's fleks are searched and priced in, on several threads
LAID_DOWN_SECONDS = 5.0  # the laid-down check's limit per option (it usually answers in under a second)
# The actor's card points by the questions at the payments' steps rather than by the exact search:
# the same money (tests/test_advice_table_steps.py) for 58 % fewer nodes, but every flek choice's
# payment is then settled at every ten of points within the bounds (about 3 times the settlements
# of exact points), and the settlements cost more CPU than the nodes save: at_table took 3.06 and
# 3.86 s of CPU on the 5 hands of seed 1 against 2.80 and 2.41 s with exact points (docs/benchmarks.md,
# "Advice at the table by the payment's steps"). Off until a settlement is cheaper.
BY_STEPS = False


@lru_cache(maxsize=256)
def laid_down(option: Option, twelve: CardSet, actor: int, rules: str, time_limit: float = LAID_DOWN_SECONDS,
              jobs: int = 1) -> bool | None:
    """Is the option laid down (csm 11.2, 12.5): does the actor make it against every split of the
    defence's twenty cards, each solved open-handed (``analyzer.claims``, the check of ``marias
    claim``)? None when the check ran past ``time_limit`` seconds (then not priced as laid down)."""
    if "laid-down" not in resolve(rules, {}).table.unplayed:
        return False
    claim: dict[str, Any] = {"hands": [None, None, None], "contract": option.contract.value, "actor": actor,
                             "talon": str(option.discard), "rules": rules}
    claim["hands"][actor] = str(twelve - option.discard)
    if option.trump is not None:
        claim["trump"] = option.trump.token
    if option.side_suit is not None and option.contract.two_sevens:
        claim["side_suit"] = option.side_suit.token
    try:
        return bool(check_claim(claim, threads=jobs, time_limit=time_limit).laid_down)
    except ClaimTimeout:
        return None
    except MariasError:
        return False  # a contract the claim does not read (licit's variants): played, as before


def _deal(option: Option, hands: np.ndarray, talon: np.ndarray, actor: int, rules: str, opts: dict[str, Any],
          facts: Any, jobs: int = 1, steps: bool = BY_STEPS,
          seven_seat: int | None = None) -> tuple[Deal, tuple[np.ndarray, np.ndarray] | None]:
    """The option solved in the worlds ``hands`` (the actor's hand in its column, ``talon`` per
    world), and, for a trump game with ``steps``, the bounds its yes/no answers put on the actor's
    card points: its points are then still to be placed (:func:`_priced`); without
    ``steps``, with exact points. ``seven_seat``: who holds the trump seven of a game that
    announced none (basic and licit settle its fate, "early": not counted; by default the actor)."""
    single = Option(option.contract, option.trump, option.side_suit, CardSet())
    by_steps = steps and option.contract.has_trumps
    out = outcomes([single], hands, actor, rules, talon=talon,
                   exact_points=option.contract.has_trumps and not by_steps, jobs=jobs)[single]
    deal = Deal(option.contract, option.trump, option.side_suit if option.contract.two_sevens else None, actor,
                rules, opts, out, four_side_cards(hands, actor, option.contract, option.side_suit, rules, opts),
                quiet_seven_seat=None if option.trump is None else (actor if seven_seat is None else seven_seat),
                facts=facts)
    return deal, point_bounds(out) if by_steps else None


def _priced(deal: Deal, bounds: tuple[np.ndarray, np.ndarray] | None, hands: np.ndarray, talon: np.ndarray,
            jobs: int, price: Callable[[Deal], list[np.ndarray]]) -> list[np.ndarray]:
    """``price(deal)``: payment vectors (one value a world) as the actor's exact card points give
    them. With ``bounds`` (the points not searched), ``price`` is run once on the deal with each
    world at every ten of points within its bounds, which gives each payment's table over the
    points; yes/no questions at the steps of all the tables at once place each world's points
    (:mod:`analyzer.advice.steps`), which the deal's outcome then holds, and each payment is read
    from its table there."""
    if bounds is None:
        return price(deal)
    low, high = bounds
    n = len(low)
    wide = _slice(deal, np.repeat(np.arange(n), TENS))
    wide.outcome.points = tens(low, high)
    tables = [p.reshape(n, TENS) for p in price(wide)]
    first = Option(deal.contract, deal.trump, deal.side_suit, CardSet())
    k = settled_tens(first, hands, deal.actor, deal.rules, None, talon, low, tables, jobs)
    deal.outcome.points = np.clip(10 * k, low, high)
    return [t[np.arange(n), k] for t in tables]


def at_table(option: Option, twelve: CardSet, batch: WorldBatch, actor: int, rules: str, opts: dict[str, Any],
             seed: int, units: int = TABLE_UNITS, deals: int = DEFENDER_DEALS, jobs: int = 1,
             steps: bool = BY_STEPS) -> dict[str, Any]:
    """The actor's expected payment at the table on the first ``units`` units of ``batch`` (the
    defence fleking by its own advice on ``deals`` deals each), paired with the played-out one;
    its searches on ``jobs`` threads (the same answers on any number). Its payments are those of
    the actor's exact card points: searched, or with ``steps`` placed by yes/no questions at the
    payments' steps (fewer nodes, more settlements: ``BY_STEPS``; the tests compare the two)."""
    keep = np.isin(batch.units, np.unique(batch.units)[:units])
    hands = np.array(batch.hands[keep], np.uint32)
    hands[:, actor] = (twelve - option.discard).mask
    ids = batch.units[keep]
    n = len(hands)
    talon = np.full(n, option.discard.mask, np.uint32)
    table = resolve(rules, opts)
    sharp_ok = bool(table.option("sharp_talon")) or not option.contract.has_trumps
    defenders = [s for s in range(3) if s != actor]
    # The defence's fleks do not depend on the actor's discard (each defender sees his own cards and
    # draws the rest): options of one contract and trump share them (the three confirmed options
    # often differ only in the discard).
    defence_hands = tuple(tuple(int(m) for m in hands[:, d]) for d in defenders)
    key = (option.contract, option.trump, option.side_suit, announced_mask(option), sharp_ok, defence_hands, actor,
           rules, json.dumps(opts, sort_keys=True, default=repr), seed, deals, steps)
    if key not in _PICKS:
        if len(_PICKS) >= 32:
            _PICKS.clear()
        _PICKS[key] = _defence_picks(option, sharp_ok, defence_hands, actor, rules, opts, seed, deals, jobs, steps)
    picked = list(_PICKS[key])
    notrump = not option.contract.has_trumps
    facts = holding(twelve - option.discard if notrump else twelve, option.contract, option.trump, option.side_suit)
    seven_seat = quiet_seven_seat(twelve, option.trump, actor, (actor + 1) % 3)  # as the actor's own pricer
    deal, bounds = _deal(option, hands, talon, actor, rules, opts, facts, jobs, steps, seven_seat)
    # a part failing in one of these worlds is a split it fails against: not laid down, no check
    made_everywhere = all(bool(deal.outcome.made[c].all()) for c in option.contract.components)
    down = laid_down(option, twelve, actor, rules, jobs=jobs) if made_everywhere else False
    deal.laid_down = bool(down)
    order = list(option.contract.components)
    actor_pricers: dict = {}  # with the actor's csm 17 facts, apart from the defenders' (who do not know them)

    def money(d: Deal) -> list[np.ndarray]:
        """The actor's payment at the table (each world with its defence's fleks) and played out."""
        every = [p for p in picked for _ in range(len(d.outcome.talon_points) // n)]  # each world's, per ten
        out = np.zeros(len(every), float)
        for fleks in sorted(set(every), key=sorted):
            idx = np.flatnonzero([p == fleks for p in every])
            choice: Choice = tuple(c for c in order if c in fleks)
            out[idx] = pay(_slice(d, idx), actor, choice, defenders[0], pricers=actor_pricers)
        worth = pay(_slice(d, np.arange(len(every))), actor, (), defenders[0], played_out=True,
                    pricers=actor_pricers)
        return [out, worth]

    paid, worth = _priced(deal, bounds, hands, talon, jobs, money)
    e = estimate(paid, ids)
    gap = estimate(paid - worth, ids)
    counts: dict[str, int] = {}
    for p in picked:
        label = " + ".join(c for c in order if c in p) or "no flek"
        counts[label] = counts.get(label, 0) + 1
    return {"expected_payment": e.mean, "payment_stderr": e.stderr, "worlds": n,
            "minus_cards_worth": gap.mean, "minus_cards_worth_stderr": gap.stderr,
            "defence_fleks": {k: v / n for k, v in sorted(counts.items(), key=lambda kv: -kv[1])},
            "laid_down": down,
            "policy": f"each defender fleks by his own flek advice on {deals} deals of his own; "
                      "the actor answers with a re on a part he makes"}


def _slice(deal: Deal, where: Any) -> Deal:
    """The deal in the worlds ``where`` picks, laid down if it is (csm 12.5: the money is priced on
    slices; a slice that dropped it priced a laid-down hand as played)."""
    return Deal(deal.contract, deal.trump, deal.side_suit, deal.actor, deal.rules, deal.options,
                deal.outcome.subset(where), None if deal.void is None else deal.void[where],
                deal.quiet_seven_seat, deal.facts, deal.laid_down)


# The defence's fleks of recent calls: (contract, trump, side suit, sevens, sharp talon, the
# defenders' hands, actor, rules, options, seed, deals) -> the parts fleked, world by world.
_PICKS: dict[tuple, tuple[frozenset[str], ...]] = {}


def _defence_picks(option: Option, sharp_ok: bool, defence_hands: tuple[tuple[int, ...], ...], actor: int,
                   rules: str, opts: dict[str, Any], seed: int, deals: int, jobs: int,
                   steps: bool = BY_STEPS) -> tuple[frozenset[str], ...]:
    """World by world, the parts the defence fleks: each defender takes the choice his own advice
    gives on ``deals`` deals of his own view, ties to fewer fleks."""
    contract, sevens = option.contract, announced_mask(option)
    defenders = [s for s in range(3) if s != actor]
    n = len(defence_hands[0])
    every = choices(contract, rules, opts)
    married = needs_marriage(contract, rules, opts)
    rng = np.random.default_rng([seed, 7])
    # Each defender's own deals, drawn in the order (world, defender, deal).
    rows_h, rows_t = [], []
    for w in range(n):
        for j, d in enumerate(defenders):
            nested = DealSource(d, actor, defence_hands[j][w], sharp_ok, sevens,
                                actor_married=married).draw(rng, deals)
            rows_h.append(nested.hands)
            rows_t.append(nested.talon)
    nested_hands, nested_talon = np.concatenate(rows_h), np.concatenate(rows_t)
    # Runs of a few worlds of one defender's deals, searched side by side; each run's pricing
    # (Python: every choice on his deals there, at once) done by one thread while the others
    # search the next runs. In one call over every deal the pricing had come after all the
    # searches, a thread idle through it (0.2 of the 0.4 s of the benchmark's hand 1).
    spans = [span for span in np.array_split(np.arange(n), min(n, PICK_RUNS if jobs > 1 else 1)) if len(span)]
    runs = [(j, span) for span in spans for j in range(len(defenders))]
    pricers: dict = {}

    def search(run: tuple[int, np.ndarray]) -> tuple[int, np.ndarray, Deal, Any, np.ndarray, np.ndarray]:
        j, span = run
        rows = ((span[:, None] * len(defenders) + j) * deals + np.arange(deals)[None, :]).ravel()
        hands, talon = nested_hands[rows], nested_talon[rows]
        deal, bounds = _deal(option, hands, talon, actor, rules, opts, None, 1, steps)
        return j, span, deal, bounds, hands, talon

    def advice(solved: tuple[int, np.ndarray, Deal, Any, np.ndarray, np.ndarray]) -> list[Choice]:
        """Defender j's choice in each world of the run: every choice priced on his deals there,
        averaged deal by deal of each world; ties go to fewer fleks, as in flek.py."""
        j, span, deal, bounds, hands, talon = solved
        d = defenders[j]  # (basic and licit: the quiet seven left out of his advice)
        pays = _priced(deal, bounds, hands, talon, 1, lambda dl: [pay(dl, d, c, d, pricers=pricers) for c in every])
        means = np.stack([p.reshape(len(span), deals).mean(axis=1) for p in pays])
        return [every[int(k)] for k in np.argmax(means, axis=0)]  # the first of equal means: the fewest fleks

    picks: dict[int, list[Choice]] = {j: [] for j in range(len(defenders))}
    for (j, _), part in zip(runs, each_layout(search, runs, jobs, then=advice)):
        picks[j] += part  # the runs of worlds in order
    return tuple(frozenset(set().union(*(picks[j][w] for j in range(len(defenders))))) for w in range(n))
