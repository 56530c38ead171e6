"""Compositional reading of judge questions (issue 11).

``reader.read(question)`` -> ``Reading`` (cards, traits ± «не», owners, relations, events in
told order, pronouns, the asked proposition, unread words); ``compile.run_reading`` turns it
into a ``scenarios/`` mapping and answers it with the simulator; ``route``, ``stack``,
``claims`` and ``reasoning`` are the ``ask`` routes built on it. Words: ``grammar/lexicon.yaml``.
"""
