#!/usr/bin/env python3
"""Build one bundled puzzle set per rule profile beside conquian-40:
puzzles/<profile>.json, <profile>.pt.json, <profile>.es.json.

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
from solver.puzzles.profile_gen import PROFILE_SPECS, generate_profile, profile_difficulty
from solver.puzzles.profile_hints import explanation, hints
from solver.puzzles.themes import themes_of
from solver.search import analyze, analyze_any

OUT = Path(__file__).resolve().parent.parent / "puzzles"
AUTHOR = "Conquian tutor team"
LANGS = ("en", "pt", "es")
PER_THEME = 4
SEED = 7

TITLES: dict[str, tuple[str, str, str]] = {
    "cooncan": ("Cooncan: lay-offs, forcing and eleven down",
                "Cooncan: encaixar, forçar e onze cartas na mesa",
                "Cooncan: añadir al rival, obligar a tomar y once cartas bajadas"),
    "kunken": ("Kunken: jokers, lay-offs and taking melds back",
               "Kunken: curingas, encaixar e combinações de volta à mão",
               "Kunken: comodines, añadir al rival y combinaciones de vuelta a la mano"),
    "kunken-40": ("Kunken with 40 cards: lay-offs and taking melds back",
                  "Kunken com 40 cartas: encaixar e combinações de volta à mão",
                  "Kunken con 40 cartas: añadir al rival y combinaciones de vuelta a la mano"),
    "colonel": ("Colonel: upcard or stock, and going out",
                "Colonel: carta virada ou monte, e sair",
                "Colonel: carta descubierta o mazo, y salir"),
    "conquin": ("Conquin: closing now and closing for ×2",
                "Conquin: bater agora e bater valendo ×2",
                "Conquin: cerrar ahora y cerrar por ×2"),
    "kunken-104": ("Kunken with two packs: jokers and lay-offs",
                   "Kunken com dois baralhos: curingas e encaixar",
                   "Kunken con dos barajas: comodines y añadir al rival"),
}


def build_profile(rules: str) -> int:
    entries: list[dict[str, dict[str, Any]]] = []
    used: dict[str, set[str]] = {lang: set() for lang in LANGS}
    for theme, task in PROFILE_SPECS[rules].items():
        for puzzle in generate_profile(rules, theme, PER_THEME, seed=SEED):
            position, answer = puzzle.position, puzzle.answer
            hand = task in ("draw_upcard", "close")
            analysis = None if hand else analyze(position)
            candidate = Candidate(position, analysis, answer)  # type: ignore[arg-type]
            hint_claims = hints(position, analysis, task, answer, theme)
            expl = explanation(position, analysis, task, answer, theme)
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
    print(f"{rules}: {len(entries)} puzzles", file=sys.stderr)
    return len(entries)


def build() -> int:
    short = [r for r in PROFILE_SPECS if build_profile(r) < 12]
    if short:
        print(f"fewer than 12 puzzles: {', '.join(short)}", file=sys.stderr)
    return 1 if short else 0


if __name__ == "__main__":
    raise SystemExit(build())
