"""Domain vocabulary for Russian search over the rulebook (bot.search).

Everything here works on *lemmas* (``bot.morph.lemma`` of a folded word) and is
applied the same way to rule paragraphs and to questions, so one concept ends up
as one index term:

- ``SYNONYMS``: groups of words that mean the same thing in a rules question —
  other editions' terms (внезапное ↔ быстрое, базовые эффекты ↔ эффекты правил),
  aspect pairs and derivations the dictionary keeps apart (помещать ↔ поместить,
  двигаться ↔ движение) and players' slang (положить / надеть ↔ поместить,
  умер ↔ погиб, шмотка ↔ экипировка). ``canonical(lemma)`` gives the group's head.
- ``NEGATED``: «не X» read as one word (не внезапное → медленное, 304.2).
- ``PHRASES``: multi-word terms of other editions rewritten to this edition's words.
- ``EXPANSIONS``: a player's word that the rules express with other words
  (по диагонали → the rule speaks of «по вертикали или горизонтали», 506.1).
- ``STOP_WORDS``: function words and question words that carry no topic.

The words live in the ``search`` section of ``grammar/lexicon.yaml`` (the one question
lexicon, ``bot.vocab``, which a judge edits without Python); this module only shapes them.
Only general game vocabulary belongs there, never wording tuned to one question.
"""

from __future__ import annotations

from bot.vocab import section

_S = section("search")

# head lemma -> other lemmas (dictionary lemmas of the words, after ё→е)
SYNONYMS: dict[str, tuple[str, ...]] = {str(h): tuple(str(w) for w in ws) for h, ws in _S["synonyms"].items()}

# «не X» -> one lemma (checked before stop words are dropped)
NEGATED: dict[str, str] = {str(k): str(v) for k, v in _S["negated"].items()}

# multi-word terms of other editions / slang, in lemmas -> this edition's lemmas
PHRASES: dict[tuple[str, ...], tuple[str, ...]] = {tuple(str(k).split()): tuple(str(v).split())
                                                   for k, v in _S["phrases"].items()}

# a word of players that the rules express with other words (added, not replaced)
EXPANSIONS: dict[str, tuple[str, ...]] = {str(k): tuple(str(w) for w in ws) for k, ws in _S["expansions"].items()}

# Function words and question words, as lemmas («не» is dropped only after search has
# joined it to the next word: NEGATED, or a «не_X» term).
STOP_WORDS: frozenset[str] = frozenset(str(_S["stop_words"]).split())

# Frequent words of questions as typed (surface forms), used only as targets of typo
# correction so that «сколко», «таоке», «буудет» come back as the question words they are.
QUESTION_WORDS: frozenset[str] = frozenset(str(_S["question_words"]).split())

# «3-го ряда» -> «третий» (a digit followed by an ordinal ending)
ORDINALS: dict[str, str] = {str(k): str(v) for k, v in _S["ordinals"].items()}

# A punctuation mark quoted on its own in a question («что значит «;»») -> its name,
# as the rules name it (505.4.1 «точкой с запятой», 505.4.2 «тире»).
PUNCTUATION_NAMES: dict[str, str] = {str(k): str(v) for k, v in _S["punctuation_names"].items()}
