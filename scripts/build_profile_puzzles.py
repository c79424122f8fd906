#!/usr/bin/env python3
"""Build one bundled puzzle set per rule profile beside conquian-40:
puzzles/<profile>.json and <profile>.<lang>.json for every other language of
:data:`solver.puzzles.model.LANGUAGES` (pt, es, it, ru).

Every puzzle is generated (random positions of the profile, verified by the exact search
and CP-SAT) and its hints and explanation are claims of the ``"profile"`` book rendered
through the site's catalogs, so the files are rebuilt rather than edited:

    python scripts/build_profile_puzzles.py && conquian puzzles validate puzzles/
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.claims.glyphs import card_text
from solver.cli.catalogs import translator
from solver.puzzles.generator import Candidate, pick_title
from solver.puzzles.hand_themes import hand_themes_of
from solver.puzzles.hints import render
from solver.puzzles.model import LANGUAGES
from solver.puzzles.profile_gen import PROFILE_SPECS, generate_profile, profile_difficulty
from solver.puzzles.profile_hints import explanation, hints
from solver.puzzles.themes import themes_of
from solver.search import analyze, analyze_any

OUT = Path(__file__).resolve().parent.parent / "puzzles"
AUTHOR = "Conquian tutor team"
LANGS = LANGUAGES
FIRST_PER_THEME = 4
"""The puzzles each theme had in the first sets: they keep their ids (``<profile>-N``,
learners' ratings and reviews name them), and the rest follow them."""
MIN_PUZZLES = 40
MIN_THEMES = 6
SEED = 7

TITLES: dict[str, tuple[str, ...]] = {
    # One per language of LANGUAGES: en, pt, es, it, ru.
    "cooncan": ("Cooncan: lay-offs, forcing and eleven down",
                "Cooncan: encaixar, forçar e onze cartas na mesa",
                "Cooncan: añadir al rival, obligar a tomar y once cartas bajadas",
                "Cooncan: attaccare, forzare e undici carte calate",
                "Cooncan: пришить, навязать и одиннадцать карт на столе"),
    "kunken": ("Kunken: jokers, joker swaps, lay-offs and taking melds back",
               "Kunken: curingas, troca de curinga, encaixar e combinações de volta à mão",
               "Kunken: comodines, cambio de comodín, añadir al rival"
               " y combinaciones de vuelta a la mano",
               "Kunken: jolly, scambio del jolly, attaccare e riprendere le combinazioni",
               "Kunken: джокеры, замена джокера, пришить и забрать комбинации на руку"),
    "kunken-40": ("Kunken with 40 cards: lay-offs and taking melds back",
                  "Kunken com 40 cartas: encaixar e combinações de volta à mão",
                  "Kunken con 40 cartas: añadir al rival y combinaciones de vuelta a la mano",
                  "Kunken con 40 carte: attaccare e riprendere le combinazioni",
                  "Kunken на 40 карт: пришить и забрать комбинации на руку"),
    "colonel": ("Colonel: upcard or stock, laying off and going out",
                "Colonel: carta virada ou monte, encaixar e sair",
                "Colonel: carta descubierta o mazo, añadir a las combinaciones y salir",
                "Colonel: carta scoperta o tallone, attaccare e chiudere",
                "Colonel: открытая карта или колода, пришить и выйти"),
    "conquin": ("Conquin: closing now, with jokers and two packs, for the best stake",
                "Conquin: bater agora, com curingas e dois baralhos, valendo mais",
                "Conquin: cerrar ahora, con comodines y dos barajas, por la mejor paga",
                "Conquin: chiudere subito, con i jolly e due mazzi, per la posta migliore",
                "Conquin: закрыться сейчас, с джокерами и двумя колодами, на лучшую ставку"),
    "kunken-104": ("Kunken with two packs: jokers, joker swaps and lay-offs",
                   "Kunken com dois baralhos: curingas, troca de curinga e encaixar",
                   "Kunken con dos barajas: comodines, cambio de comodín y añadir al rival",
                   "Kunken con due mazzi: jolly, scambio del jolly e attaccare",
                   "Kunken с двумя колодами: джокеры, замена джокера и пришить"),
}


def per_theme(rules: str) -> int:
    """Puzzles per theme: enough for :data:`MIN_PUZZLES` over the profile's themes."""
    return -(-MIN_PUZZLES // len(PROFILE_SPECS[rules]))


def build_profile(rules: str) -> tuple[int, int]:
    """Writes the profile's three files; returns (puzzles, themes)."""
    entries: list[dict[str, dict[str, Any]]] = []
    used: dict[str, set[str]] = {lang: set() for lang in LANGS}
    count = per_theme(rules)
    # The first sets' puzzles come first, in their old order (and ids), then every theme's
    # further ones (asked separately: a yes/no theme balances its answers over the count).
    first = {theme: generate_profile(rules, theme, FIRST_PER_THEME, seed=SEED)
             for theme in PROFILE_SPECS[rules]}
    order = [(theme, puzzle) for theme, puzzles in first.items() for puzzle in puzzles]
    for theme, puzzles in first.items():
        kept = {p.position for p in puzzles}
        more = [p for p in generate_profile(rules, theme, count, seed=SEED)
                if p.position not in kept]
        order += [(theme, puzzle) for puzzle in more[:count - len(puzzles)]]
    for theme, puzzle in order:
        task = PROFILE_SPECS[rules][theme]
        position, answer = puzzle.position, puzzle.answer
        hand = task in ("draw_upcard", "close")
        analysis = None if hand else analyze(position)
        candidate = Candidate(position, analysis, answer)  # type: ignore[arg-type]
        hint_claims = hints(position, analysis, task, answer, theme)  # type: ignore[arg-type]
        expl = explanation(position, analysis, task, answer, theme)  # type: ignore[arg-type]
        titles = pick_title(task, card_text(position.center), used)
        pid = f"{rules}-{len(entries) + 1}"
        found = (hand_themes_of(position, analyze_any(position)) if analysis is None
                 else themes_of(position, analysis))
        themes = [theme, *(t for t in found if t != theme)]
        entry = {}
        for lang in LANGS:
            translate = translator(lang)
            entry[lang] = {
                "id": pid, "title": titles[lang], "position": position.to_dict(),
                "task": task, "answer": answer.to_dict(task), "themes": themes,
                "difficulty": profile_difficulty(candidate.analysis, theme, position),
                "hints": [h.render(translate) for h in hint_claims],
                "explanation": render(expl, translate),
            }
        entries.append(entry)
    for i, lang in enumerate(LANGS):
        data: dict[str, Any] = {
            "id": rules if lang == "en" else f"{rules}-{lang}",
            "title": TITLES[rules][i], "language": lang, "author": AUTHOR, "ruleset": rules,
        }
        if lang != "en":
            data["translation_of"] = rules
        data["puzzles"] = [e[lang] for e in entries]
        name = f"{rules}.json" if lang == "en" else f"{rules}.{lang}.json"
        (OUT / name).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                encoding="utf-8")
    asked = len({e["en"]["themes"][0] for e in entries})
    print(f"{rules}: {len(entries)} puzzles over {asked} themes", file=sys.stderr)
    return len(entries), asked


def build(only: list[str] | None = None) -> int:
    short = []
    for rules in only or list(PROFILE_SPECS):
        puzzles, themes = build_profile(rules)
        if puzzles < MIN_PUZZLES or themes < MIN_THEMES:
            short.append(rules)
    if short:
        print(f"fewer than {MIN_PUZZLES} puzzles or {MIN_THEMES} themes: {', '.join(short)}",
              file=sys.stderr)
    return 1 if short else 0


if __name__ == "__main__":
    raise SystemExit(build(sys.argv[1:] or None))
