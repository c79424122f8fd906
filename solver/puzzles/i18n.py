"""Portuguese (Brazilian) and Spanish texts of :mod:`solver.puzzles.messages`, key for key.

They render the bundled library's translated files (``puzzles/<set>.pt.json`` and
``.es.json``); the site may also seed its gettext catalogues from them.
"""

# ruff: noqa: E501 - whole sentences read better unbroken
from __future__ import annotations

from typing import Final

PT: Final[dict[str, str]] = {
    "nudge_center": (
        "Em quais combinações {center} poderia entrar? Olhe as cartas vizinhas do mesmo naipe "
        "e as outras cartas do mesmo valor."
    ),
    "nudge_force": (
        "Forçar depende só do que já está na mesa: esqueça sua mão e olhe suas "
        "combinações baixadas."
    ),
    "nudge_win": "Para vencer, 11 cartas precisam ser baixadas de uma vez: {center} e todas as cartas da sua mão (R10).",
    "nudge_discard": "Antes de descartar, estude as combinações do adversário: quais cartas suas ele gostaria de receber?",
    "nudge_stock": "Olhe o monte antes de decidir: quantas cartas restam nele?",
    "rule_take": (
        "Uma carta tomada é baixada na hora em uma combinação válida, com cartas da sua mão, das "
        "suas combinações ou de ambas; ela nunca entra na mão (R8)."
    ),
    "rule_force": (
        "Pergunte-se se {center} caberia nas suas cartas baixadas sem nenhuma carta da mão, "
        "mesmo reorganizando-as (R5, R9)."
    ),
    "rule_rearrange": (
        "Suas combinações não são fixas: você pode dividi-las ou passar cartas de uma para "
        "outra, desde que todas continuem válidas (R5)."
    ),
    "rule_seven_jack": "Sem os 8, 9 e 10, o 7 e o valete são vizinhos (R1).",
    "rule_wraparound": "O ás é sempre baixo: uma sequência não dá a volta do K para o A (R1, R4).",
    "rule_long_run": "Uma sequência tem de 3 a 8 cartas, nunca 9 ou 10 (R4).",
    "rule_sets": "Um grupo é formado por 3 ou 4 cartas do mesmo valor, de naipes diferentes (R4).",
    "rule_hand_meld": (
        "Cartas da mão podem ser baixadas em uma combinação nova, mas só junto com uma carta "
        "central que você toma (R8)."
    ),
    "rule_extend": "Comece pelas suas combinações baixadas: qual delas poderia crescer?",
    "rule_ten": "Conte quantas cartas você teria na mesa depois de tomar, e quantas ficariam na mão.",
    "rule_discard": (
        "Uma carta que cabe sozinha nas combinações do adversário é um presente: ele não precisa "
        "de nenhuma carta da mão para tomá-la (R9)."
    ),
    "rule_draw": (
        "O refugo nunca é embaralhado de novo: quando não há carta no monte para virar, a carta "
        "recusada encerra a mão (R11)."
    ),
    "count_cards": "Cartas da sua mão na resposta: {count}.",
    "count_safe": "Cartas que ficam na mão depois de tomar: {count}. Confira cada uma com as combinações do adversário.",
    "look_at": "Olhe com atenção para {cards}.",
    "look_none": "Nenhuma carta sua tem o valor de {center} nem fica perto dela no mesmo naipe.",
    "look_none_exposed": "Nenhuma das suas cartas baixadas tem o valor de {center} nem fica perto dela no mesmo naipe.",
    "count_most": "O máximo de cartas da sua mão que podem ser baixadas com {center}: {count}.",
    "check_left": "Depois de tomar, você fica com {cards}: confira cada uma com as combinações do adversário.",
    "count_gifts": "Cartas que você guarda e que cabem sozinhas nas combinações do adversário: {count}.",
    "usable_yes": "Sim: você pode tomar {center} agora (R8).",
    "usable_no": "Não: {center} não forma nenhuma combinação válida com suas cartas agora (R8).",
    "force_yes": (
        "Sim: {center} cabe nas suas combinações baixadas sem nenhuma carta da mão; se você a "
        "recusar ou passar, o adversário pode forçar você a tomá-la (R9)."
    ),
    "force_no": (
        "Não: {center} não pode ser forçada; ela só cabe com cartas da sua mão, e sua mão "
        "continua privada (R9)."
    ),
    "force_no_fit": "Não: {center} não cabe nem nas suas combinações nem com sua mão, então ninguém pode forçar você a tomá-la (R9).",
    "force_after": (
        "Ela só cabe depois de reorganizar suas combinações em {melds}, e isso conta: quem é "
        "forçado também pode reorganizar (R5, R9)."
    ),
    "play": "Tome {center} com {cards} e baixe {melds} (R8).",
    "play_alone": "{center} é baixada sem nenhuma carta da mão: {melds} (R8).",
    "other_plays": "Outras jogadas válidas: {plays}.",
    "rearranged": "Suas combinações {before} viram {after}; todas continuam válidas (R5).",
    "missing": (
        "Faltaria {cards}, que você não tem; uma carta que não se combina agora não pode ser "
        "tomada para esperar outra (R8)."
    ),
    "blocked": (
        "As cartas que iriam com {center} estão presas nas suas combinações, e nenhuma "
        "reorganização deixa todas válidas (R4, R5)."
    ),
    "hand_only": "{cards} nunca são baixadas sozinhas: cartas da mão só são baixadas com uma carta tomada (R8).",
    "seven_jack": "{meld} é uma sequência porque o 7 e o valete são vizinhos no baralho de 40 cartas (R1, R4).",
    "wraparound": "Q-K-A não é sequência: o ás é sempre baixo (R1, R4).",
    "long_run": "Uma sequência tem no máximo 8 cartas; uma fila maior precisa ser dividida em duas (R4).",
    "win": "{cards} e {center} põem as 11 cartas na mesa: você vence na hora, sem descartar (R10).",
    "no_win": "Nenhuma jogada põe as 11 cartas na mesa, então ninguém vence nesta vez (R10).",
    "ten_down": (
        "Tomar com {cards} baixa 10 cartas, mas você ainda precisa descartar {left}; 10 cartas "
        "na mesa não vencem, você continua jogando com a mão vazia (R10)."
    ),
    "empty_hand": "Sua mão está vazia: qualquer carta que você consiga juntar às combinações vence a mão (R10).",
    "discard_safe": "Descarte {cards}: ela não cabe em nenhuma combinação do adversário (R9).",
    "discard_safe_any": "Qualquer uma de {cards} é um descarte seguro: nenhuma delas cabe nas combinações do adversário (R9).",
    "discard_unsafe": (
        "As outras cartas seriam presentes: entram nas combinações do adversário sem nenhuma "
        "carta da mão dele (R9): {pairs}."
    ),
    "discard_any": "O adversário ainda não tem combinações, então nenhum descarte cabe diretamente nelas (R9).",
    "draw_decline": "O monte acabou: se você recusar {center}, a mão termina empatada (R11).",
    "stock_last": "O monte acabou: esta é a última decisão da mão (R11).",
    "decline": "Recuse-a: ela vai para o refugo e você vira a carta de cima do monte (R7).",
    "pass": "Passe-a para o adversário sem descartar (R7).",
    "title_can_use": "Dá para tomar {center}?",
    "title_can_force": "{center} pode ser forçada?",
    "title_find_play": "Tome {center}",
    "title_win": "Vencer com {center}?",
    "title_discard": "Tome {center} e descarte",
    "title_can_use_2": "{center} no centro: dá para tomar?",
    "title_can_use_3": "Tomar {center} ou deixar passar?",
    "title_can_use_4": "{center} serve para você?",
    "title_can_force_2": "Podem forçar você a tomar {center}?",
    "title_can_force_3": "{center}: forçada ou não?",
    "title_can_force_4": "Uma questão de forçar: {center}",
    "title_find_play_2": "Quais cartas vão com {center}?",
    "title_find_play_3": "Baixe {center}",
    "title_find_play_4": "Encontre a jogada com {center}",
    "title_win_2": "Onze cartas na mesa com {center}?",
    "title_win_3": "{center} termina a mão?",
    "title_win_4": "Bater com {center}?",
    "title_discard_2": "Depois de {center}: qual descarte?",
    "title_discard_3": "O descarte depois de tomar {center}",
    "title_discard_4": "Tome {center} e devolva uma",
}

ES: Final[dict[str, str]] = {
    "nudge_center": (
        "¿En qué combinaciones podría entrar {center}? Mira sus vecinas del mismo palo "
        "y las otras cartas de su valor."
    ),
    "nudge_force": (
        "Forzar depende solo de lo que ya está en la mesa: tapa tu mano y mira tus "
        "combinaciones bajadas."
    ),
    "nudge_win": "Para ganar deben bajar 11 cartas de una vez: {center} y todas las cartas de tu mano (R10).",
    "nudge_discard": "Antes de descartar, estudia las combinaciones del rival: ¿qué cartas tuyas le vendrían bien?",
    "nudge_stock": "Mira el mazo antes de decidir: ¿cuántas cartas le quedan?",
    "rule_take": (
        "Una carta tomada baja en el acto en una combinación válida, con cartas de tu mano, de tus "
        "combinaciones o de ambas; nunca entra en la mano (R8)."
    ),
    "rule_force": (
        "Pregúntate si {center} cabría en tus cartas bajadas sin ninguna carta de la mano, "
        "aunque las reorganizaras (R5, R9)."
    ),
    "rule_rearrange": (
        "Tus combinaciones no son fijas: puedes partirlas o pasar cartas de una a otra, "
        "siempre que todas sigan siendo válidas (R5)."
    ),
    "rule_seven_jack": "Sin los 8, 9 y 10, el 7 y la sota son vecinos (R1).",
    "rule_wraparound": "El as es siempre bajo: una escalera no da la vuelta de la K al A (R1, R4).",
    "rule_long_run": "Una escalera tiene de 3 a 8 cartas, nunca 9 ni 10 (R4).",
    "rule_sets": "Un trío son 3 o 4 cartas del mismo valor, de palos distintos (R4).",
    "rule_hand_meld": (
        "Las cartas de la mano pueden bajar en una combinación nueva, pero solo junto con una "
        "carta del centro que tomas (R8)."
    ),
    "rule_extend": "Empieza por tus combinaciones bajadas: ¿cuál de ellas podría crecer?",
    "rule_ten": "Cuenta cuántas cartas tendrías en la mesa después de tomar, y cuántas quedarían en la mano.",
    "rule_discard": (
        "Una carta que cabe por sí sola en las combinaciones del rival es un regalo: no necesita "
        "ninguna carta de su mano para tomarla (R9)."
    ),
    "rule_draw": (
        "El descarte nunca se vuelve a barajar: cuando no queda carta en el mazo para voltear, "
        "la carta rechazada termina la mano (R11)."
    ),
    "count_cards": "Cartas de tu mano en la respuesta: {count}.",
    "count_safe": "Cartas que te quedan en la mano después de tomar: {count}. Compara cada una con las combinaciones del rival.",
    "look_at": "Fíjate bien en {cards}.",
    "look_none": "Ninguna de tus cartas tiene el valor de {center} ni está cerca de ella en su palo.",
    "look_none_exposed": "Ninguna de tus cartas bajadas tiene el valor de {center} ni está cerca de ella en su palo.",
    "count_most": "El máximo de cartas de tu mano que pueden bajar con {center}: {count}.",
    "check_left": "Después de tomar te quedas con {cards}: compara cada una con las combinaciones del rival.",
    "count_gifts": "Cartas que te quedas y que encajan por sí solas en las combinaciones del rival: {count}.",
    "usable_yes": "Sí: puedes tomar {center} ahora (R8).",
    "usable_no": "No: {center} no forma ninguna combinación válida con tus cartas ahora (R8).",
    "force_yes": (
        "Sí: {center} cabe en tus combinaciones bajadas sin ninguna carta de la mano; si la "
        "rechazas o la pasas, el rival puede obligarte a tomarla (R9)."
    ),
    "force_no": (
        "No: {center} no se te puede forzar; solo cabe con cartas de tu mano, y tu mano "
        "sigue siendo secreta (R9)."
    ),
    "force_no_fit": "No: {center} no cabe ni en tus combinaciones ni con tu mano, así que nadie puede obligarte a tomarla (R9).",
    "force_after": (
        "Solo cabe después de reorganizar tus combinaciones en {melds}, y eso cuenta: quien es "
        "forzado también puede reorganizar (R5, R9)."
    ),
    "play": "Toma {center} con {cards} y baja {melds} (R8).",
    "play_alone": "{center} baja sin ninguna carta de tu mano: {melds} (R8).",
    "other_plays": "Otras jugadas válidas: {plays}.",
    "rearranged": "Tus combinaciones {before} pasan a ser {after}; todas siguen siendo válidas (R5).",
    "missing": (
        "Haría falta {cards}, que no tienes; una carta que no puedes combinar ahora no se puede "
        "tomar para esperar otra (R8)."
    ),
    "blocked": (
        "Las cartas que irían con {center} están atadas a tus combinaciones, y ninguna "
        "reorganización deja todas válidas (R4, R5)."
    ),
    "hand_only": "{cards} nunca bajan solas: las cartas de la mano solo bajan con una carta tomada (R8).",
    "seven_jack": "{meld} es una escalera porque el 7 y la sota son vecinos en la baraja de 40 cartas (R1, R4).",
    "wraparound": "Q-K-A no es escalera: el as es siempre bajo (R1, R4).",
    "long_run": "Una escalera tiene como mucho 8 cartas; una fila más larga debe partirse en dos (R4).",
    "win": "{cards} y {center} ponen las 11 cartas en la mesa: ganas en el acto, sin descartar (R10).",
    "no_win": "Ninguna jugada pone las 11 cartas en la mesa, así que no ganas en este turno (R10).",
    "ten_down": (
        "Tomar con {cards} baja 10 cartas, pero aún debes descartar {left}; 10 cartas en la mesa "
        "no ganan, sigues jugando con la mano vacía (R10)."
    ),
    "empty_hand": "Tu mano está vacía: cualquier carta que puedas sumar a tus combinaciones gana la mano (R10).",
    "discard_safe": "Descarta {cards}: no cabe en ninguna combinación del rival (R9).",
    "discard_safe_any": "Cualquiera de {cards} es un descarte seguro: ninguna cabe en las combinaciones del rival (R9).",
    "discard_unsafe": (
        "Las otras cartas serían regalos: entran en las combinaciones del rival sin ninguna "
        "carta de su mano (R9): {pairs}."
    ),
    "discard_any": "El rival aún no tiene combinaciones, así que ningún descarte cabe directamente en ellas (R9).",
    "draw_decline": "El mazo se acabó: si rechazas {center}, la mano termina en tablas (R11).",
    "stock_last": "El mazo se acabó: esta es la última decisión de la mano (R11).",
    "decline": "Recházala: va al descarte y volteas la carta de arriba del mazo (R7).",
    "pass": "Pásala al rival sin descartar (R7).",
    "title_can_use": "¿Puedes tomar {center}?",
    "title_can_force": "¿Te pueden forzar {center}?",
    "title_find_play": "Toma {center}",
    "title_win": "¿Ganar con {center}?",
    "title_discard": "Toma {center} y descarta",
    "title_can_use_2": "{center} en el centro: ¿es tuya?",
    "title_can_use_3": "¿Tomar {center} o dejarla pasar?",
    "title_can_use_4": "¿Te sirve {center}?",
    "title_can_force_2": "¿Te pueden obligar a tomar {center}?",
    "title_can_force_3": "{center}: ¿forzada o no?",
    "title_can_force_4": "Una cuestión de forzar: {center}",
    "title_find_play_2": "¿Qué cartas van con {center}?",
    "title_find_play_3": "Baja {center}",
    "title_find_play_4": "Encuentra la jugada con {center}",
    "title_win_2": "¿Once cartas bajadas con {center}?",
    "title_win_3": "¿{center} termina la mano?",
    "title_win_4": "¿Cerrar con {center}?",
    "title_discard_2": "Después de {center}: ¿qué descartas?",
    "title_discard_3": "El descarte después de tomar {center}",
    "title_discard_4": "Toma {center} y devuelve una",
}

TRANSLATIONS: Final[dict[str, dict[str, str]]] = {"pt": PT, "es": ES}
