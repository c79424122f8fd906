"""conquian-40 (RULES.md, rule book R1–R14): the hand (:mod:`.state`), its actions
(:mod:`.actions`), what a player sees (:mod:`.view`) and the game registered for the
profile (:mod:`.game`); its computer players are :mod:`solver.players`, its match
:class:`solver.game.match.Match`."""
