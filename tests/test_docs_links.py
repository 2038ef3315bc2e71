"""Every relative link in the README and docs/ resolves inside the repository, anchors included.

A clone of the project holds nothing outside it: a document that points at a
path beyond the repository (the rules the analyser implements included) is a
broken document for every reader.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.DOTALL | re.MULTILINE)
_INLINE = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.MULTILINE)


def links(text: str) -> list[str]:
    """The link targets of a Markdown text, code blocks left out."""
    prose = _FENCE.sub("", text)
    prose = re.sub(r"`[^`\n]*`", "", prose)
    return _INLINE.findall(prose) + _REFERENCE.findall(prose)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[*_`]", "", heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.MULTILINE)}


def relative(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE)


def test_the_link_reader_finds_links_and_skips_code() -> None:
    """The checker itself: it must see the links it is meant to check, and only those."""
    text = ("See [rules](rules.md#3-play) and ![fig](figures/a.png \"title\").\n"
            "```\n[not a link](nowhere.md)\n```\n`[nor](this.md)` [web](https://example.org)\n[ref]: other.md\n")
    assert links(text) == ["rules.md#3-play", "figures/a.png", "https://example.org", "other.md"]
    assert slug("5. Laid-down games (*ložená hra*)") == "5-laid-down-games-ložená-hra"
    assert slug('4. Contracts and what "makes" means') == "4-contracts-and-what-makes-means"


@pytest.mark.parametrize("document", DOCUMENTS, ids=[str(d.relative_to(ROOT)) for d in DOCUMENTS])
def test_every_relative_link_resolves_inside_the_repository(document: Path) -> None:
    broken = []
    for target in links(document.read_text(encoding="utf-8")):
        if not relative(target):
            continue
        path_part, _, fragment = target.partition("#")
        resolved = (document.parent / path_part).resolve() if path_part else document
        if ROOT not in resolved.parents and resolved != ROOT:
            broken.append(f"{target}: outside the repository")
        elif not resolved.exists():
            broken.append(f"{target}: no such file")
        elif fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
            broken.append(f"{target}: no heading #{fragment}")
    assert not broken, f"{document.relative_to(ROOT)}: {broken}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=[str(d.relative_to(ROOT)) for d in DOCUMENTS])
def test_no_document_points_at_the_rules_outside_the_repository(document: Path) -> None:
    """The rules ship as docs/rules.md; a path above the repository, in a link or as code, reaches nothing."""
    text = document.read_text(encoding="utf-8")
    assert not re.search(r"\.\./shared|RULES\.md|seeds/0", text), document.name


def test_the_rule_book_exists_and_the_readme_points_to_it() -> None:
    assert "rules.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    headings = anchors(ROOT / "docs" / "rules.md")
    for number in range(1, 11):
        assert any(h.startswith(f"{number}-") for h in headings), number
