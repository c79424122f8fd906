"""Validating whole puzzle sets: format, answers, themes and translations.

Everything here is pure: the command line reads the files and passes the parsed
JSON with its file name, which every problem then names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from solver.claims.check import Context, check
from solver.claims.parse import parse_text
from solver.errors import Text
from solver.messages import N_
from solver.puzzles.model import (
    LANGUAGES,
    Puzzle,
    PuzzleFormatError,
    PuzzleSet,
    parse_puzzle,
    parse_set_header,
    where,
)
from solver.puzzles.tasks import check_answer


@dataclass(frozen=True, slots=True)
class Problem:
    source: str
    puzzle: str
    message: Text
    """What is wrong, starting with the field when there is one: ``field 'id': …``, or
    ``answer.plays: …`` (``tasks.field_problem``) from ``check_answer``."""

    def __str__(self) -> str:
        return where(self.source, self.puzzle, "") + str(self.message)


def in_field(name: str, message: Text) -> Text:
    """``"field 'id': …"``, the word "field" translatable."""
    return Text("{field}: {message}",
                {"field": Text(N_("field {name}"), {"name": repr(name)}), "message": message})


@dataclass(frozen=True, slots=True)
class Report:
    source: str
    puzzle_set: PuzzleSet | None
    puzzles: int
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def _from_error(exc: PuzzleFormatError) -> Problem:
    message = in_field(exc.field, exc.detail_text) if exc.field else exc.detail_text
    return Problem(exc.source, exc.puzzle, message)


Translate = Callable[[str], str]


def false_sentences(puzzle: Puzzle, translate: Translate | None = None, *,
                    strict: bool = True) -> list[Text]:
    """Every sentence of the puzzle's hints and explanation that the claim checker finds
    false of its position, and, when ``strict``, every sentence it cannot read as a claim
    (a sentence that cannot be checked is not said).  ``translate``: the gettext of the
    set's language (``None`` for English)."""
    ctx = Context(puzzle.position, puzzle.task, puzzle.answer)
    out: list[Text] = []
    texts = [(Text(N_("hint {number}"), {"number": i + 1}), h)
             for i, h in enumerate(puzzle.hints)]
    texts.append((Text(N_("the explanation")), puzzle.explanation))
    for place, text in texts:
        parsed = parse_text(text, translate)
        for claim in parsed.claims:
            reason = check(claim, ctx)
            if reason is not None:
                out.append(Text(N_("{where} says “{sentence}”, which is false: {reason}"),
                                {"where": place, "sentence": claim.render(translate),
                                 "reason": reason}))
        if strict:
            out.extend(Text(N_("{where} says “{sentence}”, which the claim checker "
                               "cannot check"), {"where": place, "sentence": sentence})
                       for sentence in parsed.unknown)
    return out


def validate_set(data: object, source: str = "", *, strict: bool = False,
                 translators: Callable[[str], Translate | None] | None = None) -> Report:
    """Every problem of one set: a malformed puzzle is reported and the others still checked.

    Hints and explanations are checked by the claim checker: a false sentence is a
    problem; with ``strict`` (the bundled library), so is one it cannot read as a claim.
    ``translators`` gives the gettext of a language (default: the site's catalogs)."""
    try:
        header, raw = parse_set_header(data, source)
    except PuzzleFormatError as exc:
        return Report(source, None, 0, (_from_error(exc),))
    problems: list[Problem] = []
    if header.language not in LANGUAGES:
        problems.append(Problem(source, "", in_field("language", Text(
            N_("{value} is not one of {choices}"),
            {"value": repr(header.language), "choices": ", ".join(LANGUAGES)},
        ))))
    puzzles = []
    seen: set[str] = set()
    for index, item in enumerate(raw):
        try:
            puzzle = parse_puzzle(item, source, index)
        except PuzzleFormatError as exc:
            problems.append(_from_error(exc))
            continue
        if puzzle.id in seen:
            problems.append(Problem(source, puzzle.id,
                                    in_field("id", Text(N_("two puzzles share this id")))))
        seen.add(puzzle.id)
        puzzles.append(puzzle)
        answer_problems = check_answer(puzzle)
        problems.extend(Problem(source, puzzle.id, text) for text in answer_problems)
        if not answer_problems and header.language in LANGUAGES:
            translate = _translator(header.language, translators)
            problems.extend(Problem(source, puzzle.id, text)
                            for text in false_sentences(puzzle, translate, strict=strict))
    parsed = PuzzleSet(
        id=header.id, title=header.title, language=header.language, author=header.author,
        puzzles=tuple(puzzles), translation_of=header.translation_of, extra=header.extra,
    )
    return Report(source, parsed, len(raw), tuple(problems))


def _translator(language: str,
                translators: Callable[[str], Translate | None] | None) -> Translate | None:
    if translators is None:
        from solver.cli.catalogs import translator  # reads the catalogs once per language

        translators = translator
    return translators(language)


def check_translation(
    original: PuzzleSet, translated: PuzzleSet, source: str = ""
) -> list[Problem]:
    """A translation must hold the same puzzles: ids, positions, tasks, answers, themes."""
    problems: list[Problem] = []
    expected_id = f"{original.id}-{translated.language}"
    if translated.id != expected_id:
        problems.append(Problem(source, "", in_field("id", Text(
            N_("a {language} translation of {set} is called {id}"),
            {"language": translated.language, "set": repr(original.id), "id": repr(expected_id)},
        ))))
    mine = {p.id: p for p in translated.puzzles}
    theirs = {p.id: p for p in original.puzzles}
    for pid in theirs.keys() - mine.keys():
        problems.append(Problem(source, pid, Text(N_("missing: it is in {set}"),
                                                  {"set": repr(original.id)})))
    for pid in mine.keys() - theirs.keys():
        problems.append(Problem(source, pid, Text(N_("not in the original set {set}"),
                                                  {"set": repr(original.id)})))
    for pid in sorted(mine.keys() & theirs.keys()):
        a, b = theirs[pid], mine[pid]
        for name in ("position", "task", "answer", "themes", "difficulty"):
            if getattr(a, name) != getattr(b, name):
                problems.append(Problem(source, pid, Text(
                    N_("field {name} differs from {set}"),
                    {"name": repr(name), "set": repr(original.id)})))
    return problems
