"""The scenario simulator (issue 6): board, hosts, stack and priority, phases, movement.

Modules, one concept each:

- ``state``    — battlefield cells, cards, players, the ``GameState``;
- ``outcome``  — ``Consequence`` (a conclusion with its paragraphs), ``StepResult``, ``Illegal``;
- ``effects``  — placement checks and rule effects of symbiotes / equipment (209, 212);
- ``actions``  — kinds of game actions: stack use and speed (302, 304);
- ``engine``   — ``Simulator``: events, declarations, passes, movement, relocation (303, 305, 506, 507);
- ``phases``   — reveal, seating, battle start, vanguard, main phase (405–408);
- ``scenario`` / ``yamlnode`` — scenario files (``berserk-judge scenario run`` is ``bot.cli.scenario``);
- ``ability`` / ``board_text`` / ``board_ask`` / ``card_board_route`` — card text executed on a described board.

Situations described in words are read into scenarios by ``bot.reading``.
"""
