#!/usr/bin/env python3
"""Build the bundled puzzle library: puzzles/<set>.json and <set>.<lang>.json for every other
language of :data:`solver.puzzles.model.LANGUAGES` (pt, es, it, ru).

Hand-curated positions (below) carry their own titles in every language and
sometimes a closing note; the generator adds verified puzzles where a set needs
more.  Answers, themes' truth, difficulty, hints and explanations all come from
the solver, so the files are rebuilt rather than edited:

    /work/venv/bin/python scripts/build_puzzles.py && conquian puzzles validate puzzles/
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.cards import parse_card
from solver.cli.catalogs import translator
from solver.position import Position
from solver.puzzles.difficulty import difficulty
from solver.puzzles.generator import SPECS, generate, pick_title
from solver.puzzles.hints import explanation, hints, render
from solver.puzzles.model import LANGUAGES, RULESET, Answer, Task
from solver.puzzles.tasks import solve_task
from solver.puzzles.themes import themes_of
from solver.search import analyze

OUT = Path(__file__).resolve().parent.parent / "puzzles"
AUTHOR = "Conquian tutor team"
Tr = tuple[str, ...]  # one text per language, in the order of LANGUAGES


@dataclass
class Item:
    id: str
    task: Task
    hand: str
    melds: str
    opp: str
    center: str
    themes: tuple[str, ...]
    title: Tr
    frm: str = "opponent"
    stock: int = 9
    take: str | None = None
    note: Tr | None = None


def _cards(text: str) -> list[str]:
    return text.split()


def _melds(text: str) -> list[list[str]]:
    return [m.split() for m in text.split("|") if m.strip()]


SETS: dict[str, dict[str, Any]] = {
    "reading-melds": {
        "title": ("Reading melds", "Lendo combinações", "Leer combinaciones",
                  "Leggere le combinazioni", "Читаем комбинации"),
        "generated": [("seven-jack", 2), ("no-wraparound", 1), ("long-run", 1), ("sets", 2)],
        "items": [
            Item("rm-1", "find_play", "6H 7H AS 3D 5C KS 2C QD 4S KC", "", "", "JH",
                 ("seven-jack", "take-with-hand"),
                 ("Seven and jack are neighbours", "O 7 e o valete são vizinhos",
                  "El 7 y la sota son vecinos",
                  "Il 7 e il fante sono vicini", "Семёрка и валет — соседи")),
            Item("rm-2", "can_use", "JD QD 2S 4C 4H AC KS 6S 2H 3C", "", "KH KD KC", "7D",
                 ("seven-jack",),
                 ("Up from the seven", "Subindo a partir do 7", "Hacia arriba desde el 7",
                  "Salendo dal 7", "Вверх от семёрки")),
            Item("rm-3", "find_play", "7C 2D KD QH AS 3S 4H", "4C 5C 6C", "", "JC",
                 ("seven-jack", "extend-meld"),
                 ("Bridge the gap", "Feche o buraco", "Cierra el hueco",
                  "Chiudi il buco", "Закрой дыру")),
            Item("rm-4", "can_use", "QS KS 5D 7H 2C JD 4C 6H 3D JC", "", "", "AS",
                 ("no-wraparound",),
                 ("Queen, king, ace?", "Dama, rei, ás?", "¿Reina, rey, as?",
                  "Donna, re, asso?", "Дама, король, туз?")),
            Item("rm-5", "find_play", "QH AH JH 2S 5C 7D 3C 4S 6D KC", "", "", "KH",
                 ("no-wraparound", "take-with-hand"),
                 ("The ace stays low", "O ás fica embaixo", "El as se queda abajo",
                  "L'asso resta basso", "Туз остаётся младшим")),
            Item("rm-6", "can_use", "KC AC 2C 5S 7H 3D 6D 4H JS QH", "", "", "QC",
                 ("no-wraparound", "cannot-keep"),
                 ("No corner to turn", "Sem dobrar a esquina", "Sin doblar la esquina",
                  "Niente giro d'angolo", "Через угол не перейти")),
            Item("rm-7", "find_play", "7D JD 3S KC", "AD 2D 3D 4D 5D 6D", "", "QD",
                 ("long-run", "seven-jack"),
                 ("Nine in a row is too many", "Nove seguidas é demais",
                  "Nueve seguidas son demasiadas",
                  "Nove di fila sono troppe", "Девять подряд — слишком много")),
            Item("rm-8", "find_play", "QS KS 4D 2C", "2S 3S 4S 5S 6S 7S", "", "JS",
                 ("long-run", "forcing-yes", "extend-meld"),
                 ("How long can a run grow?", "Até onde cresce uma sequência?",
                  "¿Hasta dónde crece una escalera?",
                  "Fin dove cresce una scala?", "До скольких карт растёт последовательность?")),
            Item("rm-9", "find_play", "5H 5D 5C AS 3H 7C JD QS KH 2D", "", "", "5S",
                 ("sets", "take-with-hand"),
                 ("Three or four of a kind", "Três ou quatro iguais", "Tres o cuatro iguales",
                  "Tre o quattro uguali", "Три или четыре одинаковых")),
            Item("rm-10", "can_force", "2D 4H 7C AS 6D JH 3C", "QS QH QD", "", "QC",
                 ("sets", "forcing-yes", "extend-meld"),
                 ("The fourth queen", "A quarta dama", "La cuarta reina",
                  "La quarta donna", "Четвёртая дама")),
            Item("rm-11", "can_use", "5H 6H AS 3D KC 2C QD 4S KS 7C", "", "", "JH",
                 ("cannot-keep",),
                 ("The missing seven", "Falta o 7", "Falta el 7",
                  "Manca il 7", "Не хватает семёрки")),
            Item("rm-12", "win", "AC 2C 3C 5C 6C 7C JC", "KS KH KD", "", "4C",
                 ("long-run", "win-eleven"),
                 ("Eight clubs in a row", "Oito de paus seguidas", "Ocho tréboles seguidos",
                  "Otto fiori di fila", "Восемь треф подряд")),
        ],
    },
    "taking": {
        "title": ("Taking the center card", "Tomando a carta central",
                  "Tomar la carta del centro",
                  "Prendere la carta al centro", "Берём карту из центра"),
        "generated": [("take-with-hand", 2), ("extend-meld", 1), ("cannot-keep", 1)],
        "items": [
            Item("tk-1", "find_play", "4H 5H QS AC 2D 3S KD JC 6S 7D", "", "KS KH KC", "6H",
                 ("take-with-hand",),
                 ("The worked example", "O exemplo resolvido", "El ejemplo resuelto",
                  "L'esempio svolto", "Разобранный пример"), stock=12,
                 note=("4♥ and 5♥ alone could never go down: they needed a center card to "
                       "carry them (R8).",
                       "4♥ e 5♥ sozinhas nunca poderiam ser baixadas: precisavam de uma carta "
                       "central para levá-las (R8).",
                       "4♥ y 5♥ solas nunca podrían bajar: necesitaban una carta del centro "
                       "que las llevara (R8).",
                       "4♥ e 5♥ da sole non potevano mai essere calate: serviva una carta al "
                       "centro che le portasse giù (R8).",
                       "4♥ и 5♥ сами по себе никогда не могли бы лечь на стол: им нужна была "
                       "карта из центра (R8).")),
            Item("tk-2", "can_use", "4H 5H QS AC 2D 3S KD JC 6S 7D", "", "KS KH KC", "7H",
                 ("cannot-keep",),
                 ("Waiting for the six?", "Esperando o 6?", "¿Esperando el 6?",
                  "Aspettando il 6?", "Ждём шестёрку?")),
            Item("tk-3", "can_use", "4H 5H QS AC 2D 3S KD JC 6S 7D", "", "KS KH KC", "2H",
                 ("cannot-keep",),
                 ("A card to carry them", "Uma carta para levá-las", "Una carta que las lleve",
                  "Una carta che le porti giù", "Карта, которая их вынесет"),
                 note=("Without a center card that melds, 4♥-5♥ stay in your hand (R8).",
                       "Sem uma carta central que combine, 4♥-5♥ ficam na sua mão (R8).",
                       "Sin una carta del centro que combine, 4♥-5♥ se quedan en tu mano (R8).",
                       "Senza una carta al centro che si combini, 4♥-5♥ restano nella tua mano "
                       "(R8).",
                       "Без подходящей карты из центра 4♥-5♥ остаются у тебя на руке (R8).")),
            Item("tk-4", "find_play", "QS QC 2H 4D 6C AS 7H 3C KD JH", "", "", "QD",
                 ("take-with-hand", "sets"),
                 ("A pair waiting for a third", "Um par esperando o terceiro",
                  "Una pareja a la espera del tercero",
                  "Una coppia in attesa della terza", "Пара ждёт третью")),
            Item("tk-5", "find_play", "AC 2C 5D 7S KH 4H QD JS 6H 3S", "", "", "3C",
                 ("take-with-hand",),
                 ("From the bottom", "Desde o começo", "Desde abajo",
                  "Dal basso", "С самого низа")),
            Item("tk-6", "find_play", "7S 2D KC AH 6C 3H QD", "4S 5S 6S", "", "JS",
                 ("extend-meld", "seven-jack"),
                 ("Grow your run", "Aumente sua sequência", "Haz crecer tu escalera",
                  "Allunga la tua scala", "Удлини свою последовательность")),
            Item("tk-7", "find_play", "2D KS 7H QC 5S 4C AH", "4D 5D 6D", "", "3D",
                 ("extend-meld", "forcing-yes"),
                 ("Down the run", "Descendo a sequência", "Bajando la escalera",
                  "Scendendo lungo la scala", "Вниз по последовательности")),
            Item("tk-8", "can_use", "KS 2D 4H 6C AS JD QH 7S 3C 5S", "", "KD KH KC", "QC",
                 ("cannot-keep",),
                 ("One queen is not enough", "Uma dama não basta", "Una reina no basta",
                  "Una donna non basta", "Одной дамы мало")),
            Item("tk-9", "can_use", "AS 4S 2H 6D KC QH 7C JD 3H 5C", "", "", "2S",
                 ("cannot-keep",),
                 ("Ace, two, ... four", "Ás, dois, ... quatro", "As, dos, ... cuatro",
                  "Asso, due, ... quattro", "Туз, двойка, ... четвёрка")),
            Item("tk-10", "find_play", "3C 4C 6S 6H 6D AH KD QS JH 2S", "", "", "5C",
                 ("take-with-hand",),
                 ("Two melds in one take", "Duas combinações de uma vez",
                  "Dos combinaciones de una vez",
                  "Due combinazioni in una presa", "Две комбинации за один ход"),
                 note=("The sixes can go down in the same take, because a center card is "
                       "being taken (R8).",
                       "Os seis podem ser baixados na mesma jogada, porque uma carta central está "
                       "sendo tomada (R8).",
                       "Los seises pueden bajar en la misma jugada, porque se está tomando "
                       "una carta del centro (R8).",
                       "I sei possono essere calati nella stessa presa, perché si sta "
                       "prendendo una carta al centro (R8).",
                       "Шестёрки могут лечь на стол в том же ходе, потому что берётся карта "
                       "из центра (R8).")),
        ],
    },
    "rearranging": {
        "title": ("Rearranging your melds", "Reorganizando combinações",
                  "Reorganizar tus combinaciones",
                  "Riordinare le tue combinazioni", "Перестраиваем свои комбинации"),
        "generated": [("rearrange", 2), ("break-four", 1), ("split-run", 1), ("move-card", 2)],
        "items": [
            Item("ra-1", "find_play", "7H 2C KD QS 3S JC", "5S 5H 5D 5C", "", "6H",
                 ("break-four", "rearrange"),
                 ("Four fives, one to spare", "Quatro cincos, um sobrando",
                  "Cuatro cincos, uno de sobra",
                  "Quattro cinque, uno di troppo", "Четыре пятёрки, одна лишняя")),
            Item("ra-2", "can_use", "KS 2H 4D 6C AC 3D", "JS JH JD JC", "", "QS",
                 ("break-four", "rearrange"),
                 ("Borrow a jack", "Pegue um valete emprestado", "Toma prestada una sota",
                  "Prendi in prestito un fante", "Одолжи валета")),
            Item("ra-3", "find_play", "4D KS QH", "AC 2C 3C 4C 5C 6C 7C", "", "4S",
                 ("split-run", "rearrange"),
                 ("Cut the run", "Corte a sequência", "Corta la escalera",
                  "Taglia la scala", "Разрежь последовательность")),
            Item("ra-4", "find_play", "5D AS KC", "2H 3H 4H 5H 6H 7H JH", "", "5S",
                 ("split-run", "rearrange"),
                 ("Fives from the middle", "Cincos do meio", "Cincos del medio",
                  "Cinque dal centro della scala", "Пятёрки из середины")),
            Item("ra-5", "find_play", "6C AH 2S KD QD JS", "3D 4D 5D 6D", "", "6S",
                 ("move-card", "rearrange"),
                 ("Lend the end card", "Empreste a ponta", "Presta la punta",
                  "Presta la carta in fondo", "Одолжи крайнюю карту")),
            Item("ra-6", "find_play", "JH 2S 4D 6C AS 3C", "KS KH KD KC", "", "QH",
                 ("break-four", "rearrange"),
                 ("A king changes places", "Um rei muda de lugar", "Un rey cambia de sitio",
                  "Un re cambia posto", "Король меняет место")),
            Item("ra-7", "can_use", "AH 4C 6D QS KC JD 7S", "3S 3H 3D", "", "2H",
                 ("cannot-keep", "forcing-no"),
                 ("A set of three cannot give", "Um grupo não pode ceder",
                  "Un trío no puede ceder",
                  "Un tris non può cedere", "Набор из трёх не может уступить")),
            Item("ra-8", "find_play", "5C AS QH 2D 7S JD", "2H 3H 4H 5H",
                 "", "5S", ("move-card", "rearrange"),
                 ("Three fives from a run", "Três cincos a partir de uma sequência",
                  "Tres cincos a partir de una escalera",
                  "Tre cinque da una scala", "Три пятёрки из последовательности")),
        ],
    },
    "forcing": {
        "title": ("Forcing", "Forçar", "Forzar",
                  "Forzare", "Навязывание"),
        "generated": [("forcing-yes", 1), ("forcing-no", 2), ("forcing-after-rearranging", 2)],
        "items": [
            Item("fo-1", "can_force", "2D 4H 7C AS 6D JH 3C", "QS QH QD", "", "QC",
                 ("forcing-yes",),
                 ("Your queens are showing", "Suas damas estão à vista",
                  "Tus reinas están a la vista",
                  "Le tue donne sono in vista", "Твои дамы на виду")),
            Item("fo-2", "can_force", "KS 7D QH AH 4S 6D JC", "2C 3C 4C", "", "5C",
                 ("forcing-yes",), ("You turned it yourself", "Você mesmo a virou",
                                    "La volteaste tú mismo",
                                    "L'hai girata tu", "Ты сам её открыл"), frm="stock"),
            Item("fo-3", "can_force", "6D 7D AS 3C 5H 2H QS", "KS KH KC", "", "JD",
                 ("forcing-no", "seven-jack"),
                 ("Your hand stays private", "Sua mão é privada", "Tu mano es secreta",
                  "La tua mano resta segreta", "Твоя рука остаётся тайной")),
            Item("fo-4", "can_force", "4H JS QD 6C 7S KD 2C", "AH 2H 3H", "", "5H",
                 ("forcing-no",),
                 ("One card short on the table", "Falta uma carta na mesa",
                  "Falta una carta en la mesa",
                  "Manca una carta sul tavolo", "На столе не хватает карты")),
            Item("fo-5", "can_force", "2S AD 6C 3C QH KD", "7S 7H 7D 7C", "JH JD JC", "JS",
                 ("forcing-no",),
                 ("Not your meld", "Não é sua combinação", "No es tu combinación",
                  "Non è la tua combinazione", "Это не твоя комбинация")),
            Item("fo-6", "can_force", "AC 2S KD 5C QH 3D", "7S 7H 7D 7C", "", "JH",
                 ("forcing-no",), ("A lonely jack", "Um valete sozinho", "Una sota sola",
                                   "Un fante solitario", "Одинокий валет")),
            Item("fo-7", "can_force", "AS 3C KC 2H 4D QS", "7S 7H 7D 7C", "", "6D",
                 ("forcing-no",), ("Sevens need company", "Os setes precisam de companhia",
                                   "Los sietes necesitan compañía",
                                   "I sette cercano compagnia", "Семёркам нужна компания")),
            Item("fo-8", "can_force", "AS 3C KC", "7S 7H 7D 7C | JD QD KD", "", "6D",
                 ("forcing-after-rearranging",),
                 ("A seven walks over", "Um 7 muda de lado", "Un 7 se cambia de lado",
                  "Un 7 cambia lato", "Семёрка переходит")),
            Item("fo-9", "can_force", "2C AS KD", "4S 4H 4D 4C | AH 2H 3H", "", "5H",
                 ("forcing-after-rearranging",),
                 ("A four closes the gap", "Um 4 fecha o buraco", "Un 4 cierra el hueco",
                  "Un 4 chiude il buco", "Четвёрка закрывает дыру")),
            Item("fo-10", "can_force", "AD 3S KC", "7S 7H 7D 7C | 4H 5H 6H", "", "JH",
                 ("forcing-after-rearranging",),
                 ("A seven on the move", "Um 7 em movimento", "Un 7 en movimiento",
                  "Un 7 in movimento", "Семёрка в пути")),
            Item("fo-11", "can_force", "KD 5S QH 2H 6S 7D JS", "AC 2C 3C", "", "4C",
                 ("forcing-yes",), ("Straight on", "Em frente", "Sigue la escalera",
                                    "Sempre dritto", "Прямо вперёд")),
            Item("fo-12", "can_force", "QH 2S 4H KD", "AD 2D 3D | 5D 6D 7D", "", "4D",
                 ("forcing-yes",), ("Bridging two runs", "Ligando duas sequências",
                                    "Uniendo dos escaleras",
                                    "Unire due scale", "Мост между двумя последовательностями")),
        ],
    },
    "winning": {
        "title": ("Winning the hand", "Vencendo a mão", "Ganar la mano",
                  "Vincere la smazzata", "Выигрываем кон"),
        "generated": [("win-eleven", 3), ("ten-down", 3)],
        "items": [
            Item("wi-1", "win", "5D 6D 7D 4S", "AS 2S 3S | KH KD KC", "", "JD",
                 ("win-eleven",), ("All eleven at once", "Todas as onze de uma vez",
                                   "Las once de una vez",
                                   "Tutte e undici in una volta", "Все одиннадцать разом")),
            Item("wi-2", "win", "5C KH", "AC 2C 3C 4C | 7S 7H 7D 7C", "", "6C",
                 ("ten-down",), ("Ten is not eleven", "Dez não é onze", "Diez no es once",
                                 "Dieci non è undici", "Десять — не одиннадцать")),
            Item("wi-3", "win", "5H 6H JH QH", "2H 3H 4H | KS KD KC", "", "7H",
                 ("win-eleven", "long-run"), ("Eight hearts", "Oito copas", "Ocho corazones",
                                              "Otto cuori", "Восемь червей")),
            Item("wi-4", "win", "", "4S 5S 6S 7S | AD AH AC | KS KH KD", "", "JS",
                 ("win-eleven", "forcing-yes"),
                 ("Empty hand, first fit wins", "Mão vazia: a primeira que couber vence",
                  "Mano vacía: la primera que encaje gana",
                  "Mano vuota: vince la prima carta che entra",
                  "Рука пуста: выигрывает первая подходящая карта")),
            Item("wi-5", "win", "6C 7C QC 2D", "AS AH AD | JS QS KS", "", "JC",
                 ("ten-down",), ("One card too many", "Uma carta a mais", "Una carta de más",
                                 "Una carta di troppo", "Одна карта лишняя")),
            Item("wi-6", "win", "4D QS", "AS 2S 3S 4S 5S 6S 7S JS", "", "4H",
                 ("win-eleven", "rearrange", "split-run"),
                 ("Split to win", "Divida para vencer", "Parte para ganar",
                  "Dividi per vincere", "Раздели, чтобы выиграть")),
            Item("wi-7", "win", "AC 2C 3C 5H 6H 7H JH", "KS KH KD", "", "4C",
                 ("win-eleven", "take-with-hand"),
                 ("Two new melds, one win", "Duas combinações novas, uma vitória",
                  "Dos combinaciones nuevas, una victoria",
                  "Due combinazioni nuove, una vittoria", "Две новые комбинации — одна победа")),
        ],
    },
    "discards-and-endgame": {
        "title": ("Discards and the end of the stock", "Descartes e o fim do monte",
                  "Descartes y el final del mazo",
                  "Gli scarti e la fine del tallone", "Сброс и конец колоды"),
        "generated": [("safe-discard", 3), ("end-of-stock", 2), ("draw", 1)],
        "items": [
            Item("de-1", "discard", "4H 5H QS AC 2D 3S KD JC 6S 7D", "",
                 "KS KH KC", "6H", ("safe-discard", "take-with-hand"),
                 ("The worked example: the discard", "O exemplo resolvido: o descarte",
                  "El ejemplo resuelto: el descarte",
                  "L'esempio svolto: lo scarto", "Разобранный пример: сброс"),
                 take="4H 5H", stock=12),
            Item("de-2", "discard", "2H 3H 5C QD", "AS AH AD | JC QC KC",
                 "5S 5H 5D | JS JH JD", "4H", ("safe-discard",),
                 ("Don't feed the fives", "Não alimente os cincos", "No alimentes los cincos",
                  "Non nutrire i cinque", "Не корми пятёрки"),
                 take="2H 3H"),
            Item("de-3", "discard", "2H 3H 4D QC", "KS KH KD | 5H 6H 7H",
                 "AS 2S 3S 4S | 4C 5C 6C 7C", "AH", ("safe-discard",),
                 ("They may rearrange too", "Eles também podem reorganizar",
                  "También pueden reorganizar",
                  "Anche loro possono riordinare", "Соперник тоже может перестраивать"),
                 take="2H 3H",
                 note=("4♦ extends neither meld, yet your opponent could take it: 4♠ and 4♣ "
                       "leave their runs to make 4♠-4♦-4♣ (R5, R9).",
                       "4♦ não estende nenhuma das combinações, mas o adversário poderia tomá-la: "
                       "4♠ e 4♣ saem das sequências para formar 4♠-4♦-4♣ (R5, R9).",
                       "4♦ no alarga ninguna combinación, pero el rival podría tomarla: 4♠ y 4♣ "
                       "salen de sus escaleras para formar 4♠-4♦-4♣ (R5, R9).",
                       "4♦ non allunga nessuna delle due combinazioni, eppure l'avversario "
                       "potrebbe prenderlo: 4♠ e 4♣ lasciano le loro scale per formare "
                       "4♠-4♦-4♣ (R5, R9).",
                       "4♦ не продолжает ни одну комбинацию, и всё же соперник мог бы её "
                       "взять: 4♠ и 4♣ уходят из своих последовательностей и образуют "
                       "4♠-4♦-4♣ (R5, R9).")),
            Item("de-4", "can_use", "4H 5H QS AC 2D 3S KD JC 6S 7D", "", "KS KH KC", "6H",
                 ("end-of-stock", "take-with-hand"),
                 ("The last card of the stock", "A última carta do monte",
                  "La última carta del mazo",
                  "L'ultima carta del tallone", "Последняя карта колоды"), stock=0),
            Item("de-5", "can_use", "4H 5H QS AC 2D 3S KD JC 6S 7D", "", "KS KH KC", "7H",
                 ("draw", "end-of-stock", "cannot-keep"),
                 ("Nothing left to turn", "Nada para virar", "Nada que voltear",
                  "Niente più da girare", "Открывать больше нечего"), stock=0),
            Item("de-6", "can_force", "2D 4H 7C AS 6D JH 3C", "QS QH QD", "", "QC",
                 ("end-of-stock", "forcing-yes"),
                 ("Forced at the very end", "Forçado no finalzinho", "Forzado al final",
                  "Forzato proprio alla fine", "Навязана в самом конце"),
                 frm="stock", stock=0),
            Item("de-7", "win", "5D 6D 7D 4S", "AS 2S 3S | KH KD KC", "", "JD",
                 ("end-of-stock", "win-eleven"),
                 ("A win before the draw", "Uma vitória antes do empate",
                  "Una victoria antes de las tablas",
                  "Una vittoria prima della parità", "Победа перед ничьей"), stock=0),
            Item("de-8", "can_use", "AS 4C 6D QS KC JD 7S 2C 3H 5D", "", "2S 2H 2D", "KH",
                 ("draw", "end-of-stock"),
                 ("The hand runs dry", "A mão se esgota", "La mano se agota",
                  "La smazzata si esaurisce", "Кон иссякает"), stock=0),
        ],
    },
}


def _position(item: Item) -> Position:
    data = {
        "hand": _cards(item.hand),
        "melds": _melds(item.melds),
        "opponent_melds": _melds(item.opp),
        "center": item.center,
        "center_from": item.frm,
        "stock": item.stock,
    }
    try:
        return Position.from_dict(data)
    except ValueError as exc:
        raise SystemExit(f"{item.id}: {exc}") from None


def _entry(pid: str, position: Position, task: Task, answer: Answer, themes: list[str],
           titles: Tr, note: Tr | None) -> dict[str, dict[str, Any]]:
    analysis = analyze(position)
    take = answer.take if task == "discard" else None
    level = difficulty(position, analysis, task, take)
    hint_list = hints(position, analysis, task, answer, themes)
    expl = explanation(position, analysis, task, answer, themes)
    out = {}
    for i, lang in enumerate(LANGUAGES):
        # Hand-written notes are not said: every sentence is a claim the checker re-derives.
        text = render(expl, translator(lang))
        out[lang] = {
            "id": pid,
            "title": titles[i],
            "position": position.to_dict(),
            "task": task,
            "answer": answer.to_dict(task),
            "themes": themes,
            "difficulty": level,
            "hints": [h.render(translator(lang)) for h in hint_list],
            "explanation": text,
        }
    return out


def _untranslated() -> list[str]:
    """Titles and notes that lack a language of :data:`LANGUAGES`."""
    out = [f"{set_id}: title" for set_id, spec in SETS.items()
           if len(spec["title"]) != len(LANGUAGES)]
    for spec in SETS.values():
        for item in spec["items"]:
            texts = [("title", item.title), ("note", item.note or LANGUAGES)]
            out += [f"{item.id}: {name}" for name, tr in texts if len(tr) != len(LANGUAGES)]
    return out


def build() -> int:
    missing = _untranslated()
    if missing:
        raise SystemExit(f"not in every language {LANGUAGES}: {', '.join(missing)}")
    OUT.mkdir(exist_ok=True)
    errors = 0
    total = 0
    for set_id, spec in SETS.items():
        entries: list[dict[str, dict[str, Any]]] = []
        for item in spec["items"]:
            position = _position(item)
            analysis = analyze(position)
            take = None
            if item.take is not None:
                take = sum(1 << parse_card(c) for c in _cards(item.take))
            answer = solve_task(position, item.task, take=take, analysis=analysis)
            found = themes_of(position, analysis)
            missing = [t for t in item.themes if t not in found]
            if missing or (item.task == "find_play" and not answer.plays):
                print(f"{set_id}/{item.id}: themes {missing} not shown (has {found}), "
                      f"answer {answer}", file=sys.stderr)
                errors += 1
                continue
            entries.append(_entry(item.id, position, item.task, answer, list(item.themes),
                                  item.title, item.note))
        # Generated puzzles take titles no other puzzle of the set has, in every language.
        used: dict[str, set[str]] = {
            lang: {e[lang]["title"] for e in entries} for lang in LANGUAGES
        }
        for theme, count in spec["generated"]:
            for puzzle in generate(theme, count, seed=7):
                task = SPECS[theme].task
                pid = f"{set_id}-gen-{len(entries) + 1}"
                picked = pick_title(task, _glyph(puzzle.position.center), used)
                titles: Tr = tuple(picked[lang] for lang in LANGUAGES)
                entries.append(_entry(pid, puzzle.position, task, puzzle.answer,
                                      [theme], titles, None))
        for lang in LANGUAGES:
            data: dict[str, Any] = {
                "id": set_id if lang == "en" else f"{set_id}-{lang}",
                "title": spec["title"][LANGUAGES.index(lang)],
                "language": lang,
                "author": AUTHOR,
                "ruleset": RULESET,
            }
            if lang != "en":
                data["translation_of"] = set_id
            data["puzzles"] = [e[lang] for e in entries]
            name = f"{set_id}.json" if lang == "en" else f"{set_id}.{lang}.json"
            (OUT / name).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                    encoding="utf-8")
        total += len(entries)
        print(f"{set_id}: {len(entries)} puzzles", file=sys.stderr)
    print(f"{total} puzzles in {len(SETS)} sets", file=sys.stderr)
    return 1 if errors else 0


def _glyph(card: int) -> str:
    from solver.cards import card_glyph

    return card_glyph(card)


if __name__ == "__main__":
    raise SystemExit(build())
