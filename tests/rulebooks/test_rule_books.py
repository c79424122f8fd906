"""The rule books in docs/rules/: every id of a book exactly once as a rule heading, the same
ids in the same order in the pt and es translations, every id the solver cites, seed
citations kept in translation, and no link that leaves the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solver.rules import PROFILES
from tutor.i18n import LANGUAGES as SITE_LANGUAGES
from tutor.rules.books import BOOKS, RULES_DIR, Book, book_of_profile, book_path, load_book

LANGUAGES = tuple(SITE_LANGUAGES)  # every language the site speaks has every book
REPO = RULES_DIR.parent.parent
HEADING = re.compile(r"^#{2,4} ([RCHIK]\d+)\b", re.M)
SEED_CITATION = re.compile(r"\b(00[0-3])\b")

def _text(book_id: str, language: str) -> str:
    book = next(b for b in BOOKS if b.id == book_id)
    return book_path(book, language).read_text(encoding="utf-8")


def _sections(text: str) -> dict[str, str]:
    """Each rule's text, from its heading to the next heading of any level."""
    parts = re.split(r"^(#{1,4} .*)$", text, flags=re.M)
    sections: dict[str, str] = {}
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        match = HEADING.match(heading)
        if match:
            sections[match[1]] = body
    return sections


def test_the_registry_holds_every_book_file_and_every_profiles_book() -> None:
    # Sizes come from the files (test below): a new rule needs only its heading and a size.
    assert {b.id for b in BOOKS} == {path.stem for path in RULES_DIR.glob("*.md")}
    assert {book_of_profile(p).id for p in PROFILES} == {b.id for b in BOOKS}  # type: ignore[union-attr]
    assert len({b.prefix for b in BOOKS}) == len(BOOKS)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.id)
def test_every_rule_id_is_a_heading_exactly_once_in_order(book: Book, language: str) -> None:
    ids = HEADING.findall(_text(book.id, language))
    assert ids == list(book.rule_ids)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.id)
def test_the_site_renders_each_rule_at_its_own_anchor(book: Book, language: str) -> None:
    rendered = load_book(book, language)
    assert rendered.language == language
    for rule_id in book.rule_ids:
        assert str(rendered.body).count(f'id="{rule_id}"') == 1, rule_id
    assert [rule_id for rule_id, _ in rendered.rules] == list(book.rule_ids)
    assert rendered.title and str(rendered.summary).startswith("<p>")


@pytest.mark.parametrize("language", LANGUAGES[1:])
@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.id)
def test_translations_keep_each_rules_seed_citations_and_rule_references(
    book: Book, language: str
) -> None:
    english = _sections(_text(book.id, "en"))
    translated = _sections(_text(book.id, language))
    for rule_id, text in english.items():
        other = translated[rule_id]
        assert sorted(SEED_CITATION.findall(other)) == sorted(SEED_CITATION.findall(text)), rule_id
        cited = re.compile(r"\b[RCHIK]\d+\b")
        assert sorted(cited.findall(other)) == sorted(cited.findall(text)), rule_id


@pytest.mark.parametrize("profile_id", list(PROFILES))
def test_every_rule_id_a_profile_cites_is_in_its_book(profile_id: str) -> None:
    profile = PROFILES[profile_id]
    book = book_of_profile(profile_id)
    assert book is not None
    cited = set(profile.rule_ids.values())
    cited |= {profile.deck.rule, profile.meld_rules.rule, profile.meld_rules.deck_rule}
    cited |= {profile.meld_rules.joker_rule} - {""}
    assert cited <= set(book.rule_ids)


def test_kunken_variants_share_the_kunken_book() -> None:
    assert {book_of_profile(p).id for p in ("kunken", "kunken-40", "kunken-104")} == {"kunken"}  # type: ignore[union-attr]
    assert book_of_profile("nope") is None


@pytest.mark.parametrize(
    "path", sorted(RULES_DIR.rglob("*.md")), ids=lambda p: str(p.relative_to(RULES_DIR))
)
def test_no_link_leaves_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "://" not in text and "../shared" not in text and "seeds/" not in text
    for target in re.findall(r"\]\(([^)]+)\)", text):
        file_part = target.split("#", 1)[0]
        if file_part:
            assert (path.parent / file_part).resolve().is_relative_to(REPO)
            assert (path.parent / file_part).exists(), target


WORKED_EXAMPLE = {  # the heading of the last section, one example or several
    "en": r"## Worked examples?", "pt": r"## Exemplos?", "es": r"## Ejemplos?",
    "it": r"## Esempi(o svolto| svolti)", "ru": r"## Разобранн(ый пример|ые примеры)",
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.id)
def test_each_book_ends_with_a_worked_example(book: Book, language: str) -> None:
    # Seed 000 works a take, seed 002 a double payment, seed 003 the four kings and the
    # frozen run; cooncan and colonel get one of ours.
    text = _text(book.id, language)
    found = re.search(f"^{WORKED_EXAMPLE[language]}", text, re.M)
    assert found is not None
    assert HEADING.search(text[found.end():]) is None


def test_the_seeds_examples_are_in_their_books() -> None:
    assert "4♥-5♥-6♥" in _text("conquian-40", "en") and "7♥" in _text("conquian-40", "en")
    assert "four kings" in _text("kunken", "en") and "8♠-9♠-10♠" in _text("kunken", "en")
    assert "exactly two melds" in _text("conquin", "en")


@pytest.mark.parametrize("name", ["README.md", "puzzles/README.md"])
def test_the_readmes_link_the_rule_books_inside_the_repository(name: str) -> None:
    path = REPO / name
    text = path.read_text(encoding="utf-8")
    assert "shared/" not in text  # the project stands on its own
    targets = [t.split("#", 1)[0] for t in re.findall(r"\]\(([^)]+)\)", text)]
    assert any(t.endswith("docs/rules/conquian-40.md") for t in targets)
    for target in targets:
        if "://" not in target:
            assert (path.parent / target).exists(), target


def test_the_readme_links_every_book_and_translation() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    for book in BOOKS:
        for language in LANGUAGES:
            assert f"]({book_path(book, language).relative_to(REPO)})" in text


def _first_section(text: str) -> tuple[str, str]:
    heading, body = re.split(r"^## (.*)$", text, maxsplit=2, flags=re.M)[1:3]
    return heading, body


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.id)
def test_each_difference_from_conquian_40_cites_its_rule(book: Book, language: str) -> None:
    # "There is no forcing." once stood in the Kunken list with no rule to link to.
    heading, body = _first_section(_text(book.id, language))
    if "conquian-40" not in heading:
        pytest.skip("the reference book lists no differences")
    bullets = re.split(r"^- ", body.split("\n\n")[1], flags=re.M)[1:]
    assert bullets
    own = re.compile(rf"\b{book.prefix}\d+\b")
    for bullet in bullets:
        assert own.search(bullet), bullet


# Seed sentences issue 27 asks the books to address, by the rule that quotes them.
QUOTED = [
    ("cooncan", "C10", "can legally be added to one of their existing melds"),
    ("cooncan", "C11", "on his side of the table"),
    ("cooncan", "C15", "15 for aces"),
    ("kunken", "K4", "уже выложенную на столе"),
    ("kunken", "K5", "Игрок, взявший ту карту, за которую выложен джокер"),
    ("conquin", "I12", "Chi chiude mostra le sue carte e si aggiudica il piatto"),  # issue 28
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("book_id", "rule_id", "quote"), QUOTED)
def test_the_rule_quotes_the_seed_sentence_it_settles(
    book_id: str, rule_id: str, quote: str, language: str
) -> None:
    assert quote in " ".join(_sections(_text(book_id, language))[rule_id].split())

