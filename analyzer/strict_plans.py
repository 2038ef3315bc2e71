"""A strict plan (:mod:`analyzer.strict`) as data and as text: the search's shared plan written
out in the cards of each node (:func:`resolve_plan`), relabelled (:func:`map_plan`,
:func:`swap_plan`, :func:`reply_plan`), and drawn for a reader (:func:`draw_plan`,
:func:`draw_guess`).
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from analyzer.cards import CardSet

__all__ = ["PLAN_STEPS", "SURE_TEXT", "PlanTooLarge", "draw_guess", "draw_plan", "map_plan", "reply_plan",
           "resolve_plan", "swap_plan"]

# The most steps (actor's cards and defence nodes, each shared part once) of a plan written out.
# A trick-1 plan can branch on every defence play for several tricks: millions of steps, which
# neither JSON nor a player can use; the verdict then comes without its plan ("plan_omitted").
PLAN_STEPS = 20_000


class PlanTooLarge(Exception):
    """A plan of more than ``PLAN_STEPS`` steps, left unwritten."""


def resolve_plan(plan: dict, names: Mapping[str, str] | None = None, memo: dict | None = None) -> dict:
    """The search's plan with its renamed parts (``{"renamed": (plan, names)}``, see
    the strict search's ``win``) written out in the cards of the nodes that use them; a part met again
    with the same names is the same object (the plan stays as shared as the search left it)."""
    names = names or {}
    memo = {} if memo is None else memo
    key = (id(plan), tuple(sorted(names.items())))
    if key in memo:
        return memo[key]
    if "renamed" in plan:
        inner, more = plan["renamed"]
        # Rename by ``more`` first (the stored node's cards -> this node's), then by ``names``.
        combined = {a: names.get(b, b) for a, b in more.items()}
        combined.update({a: b for a, b in names.items() if a not in more})
        out = resolve_plan(inner, {a: b for a, b in combined.items() if a != b}, memo)
    elif "play" in plan or "replies" in plan:
        def card(token: str) -> str:
            return names.get(token, token)

        if "play" in plan:
            out = {"play": card(plan["play"]), "then": resolve_plan(plan["then"], names, memo)}
        else:
            out = {"seat": plan["seat"],
                   "replies": {_label(k, names): resolve_plan(v, names, memo) for k, v in plan["replies"].items()}}
            if "same" in plan:
                out["same"] = {card(k): card(v) for k, v in plan["same"].items()}
    else:
        out = map_plan(plan, names) if names else plan
    memo[key] = out
    memo[key + ("plan",)] = plan  # keeps ``plan`` alive while its id is a key
    if len(memo) > 2 * PLAN_STEPS:
        raise PlanTooLarge
    return out


def _label(label: str, names: Mapping[str, str]) -> str:
    head, plus, tail = label.partition("+")
    return names.get(head, head) + plus + tail


def swap_plan(plan: dict, a: str, b: str) -> dict:
    """``plan`` with cards ``a`` and ``b`` exchanged everywhere (see ``same_plays``)."""
    return map_plan(plan, {a: b, b: a})


def map_plan(plan: dict, names: Mapping[str, str]) -> dict:
    """``plan`` with every card renamed by ``names`` (cards not in it keep their names)."""
    def card(token: str) -> str:
        return names.get(token, token)

    def label(text: str) -> str:
        head, plus, tail = text.partition("+")
        return card(head) + plus + tail

    if "play" in plan:
        return {"play": card(plan["play"]), "then": map_plan(plan["then"], names)}
    if "replies" in plan:
        out: dict[str, Any] = {"seat": plan["seat"],
                               "replies": {label(k): map_plan(v, names) for k, v in plan["replies"].items()}}
        if "same" in plan:
            out["same"] = {card(k): card(v) for k, v in plan["same"].items()}
        return out
    if "known" in plan:
        return {"known": [str(CardSet.from_str(" ".join(card(t) for t in hand.split()))) for hand in plan["known"]]}
    return dict(plan)


def reply_plan(plan: dict, label: str) -> dict:
    """The plan after the defence's play ``label`` at a defence node, exchanged cards resolved."""
    if label in plan["replies"]:
        return plan["replies"][label]
    lower = plan["same"][label]
    return swap_plan(reply_plan(plan, lower), label, lower)


# --- the plan and the guess as text ---------------------------------------------------------------

SURE_TEXT = {
    "cashing": "cash: lead trumps from the top while the defence may hold one, then your winners, "
               "then side cards low; follow with the lowest card that wins the trick, else the lowest",
    "betl": "lead the card the defence must beat, then always play under (void: throw the highest)",
    "side-first": "cash your side winners, then lead side cards low, trumps last; follow with the lowest card "
                  "that wins the trick and that no card still out can beat, else the lowest that wins it, "
                  "else the lowest",
}


def draw_plan(plan: dict, max_lines: int = 60) -> str:
    """The plan as numbered steps, the defence's replies grouped by what follows them."""
    lines: list[str] = []
    _draw(plan, 1, "", lines)
    if len(lines) > max_lines:
        rest = len(lines) - max_lines
        lines = lines[:max_lines] + [f"… ({rest} more lines: --json gives the whole plan)"]
    return "\n".join(lines)


def _flatten(plan: dict, prefix: str = "") -> list[tuple[str, dict]]:
    """A defence node's replies until the actor's next decision, as (label, plan)."""
    out = []
    for label, sub in plan["replies"].items():
        text = f"{prefix}{plan['seat']}:{label.replace('+marriage', ' (marriage)')}"
        if "replies" in sub:
            out += _flatten(sub, text + " ")
        else:
            out.append((text, sub))
    return out


def _draw(plan: dict, step: int, indent: str, lines: list[str]) -> None:
    if "play" in plan:
        lines.append(f"{indent}{step}. play {plan['play']}")
        _draw(plan["then"], step + 1, indent + "   ", lines)
    elif "replies" in plan:
        groups: dict[str, list[str]] = {}
        subs: dict[str, dict] = {}
        for label, sub in _flatten(plan):
            key = json.dumps(sub, sort_keys=True)
            groups.setdefault(key, []).append(label)
            subs[key] = sub
        # The largest group last, as "anything else".
        ordered = sorted(groups, key=lambda k: len(groups[k]))
        for key in ordered:
            labels = groups[key]
            if len(groups) == 1:
                lines.append(f"{indent}- whatever the defence plays:")
            elif key == ordered[-1]:
                lines.append(f"{indent}- on anything else:")
            else:
                lines.append(f"{indent}- on {' | '.join(labels)}:")
            _draw(subs[key], step, indent + "  ", lines)
        for card, lower in plan.get("same", {}).items():
            lines.append(f"{indent}- on {plan['seat']}:{card}: as on {plan['seat']}:{lower}, "
                         f"with {card} and {lower} exchanged")
    elif "sure" in plan:
        lines.append(f"{indent}{step}. {SURE_TEXT[plan['sure']]}")
    elif "known" in plan:
        hands = "; ".join(f"{seat}: {hand}" for seat, hand in enumerate(plan["known"]))
        lines.append(f"{indent}{step}. every card is known now ({hands}): play them open-handed")
    else:
        lines.append(f"{indent}{step}. the rest plays itself")


def draw_guess(guess: dict) -> str:
    after = " ".join(guess["after"]) or "the start"
    lines = [f"The guess, after {after}:"]
    for option in guess["redistributions"]:
        hands = "; ".join(f"{seat}: {hand}" for seat, hand in enumerate(option["hands"]))
        lines.append(f"  with {hands}")
        lines.append(f"    needs {' or '.join(option['needs'])}; {option['wrong']} loses to "
                     f"{' '.join(option['line'])}")
    return "\n".join(lines)
