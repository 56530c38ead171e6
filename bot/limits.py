"""Bounds on every input path (README, «Коды выхода и ошибки»).

Each bound is checked before the input is processed, so a hostile input costs no more
than reading it; beyond a bound the user gets a Russian message that names the bound.
The numbers are far above anything a real question, card text or scenario needs.

- ``QUESTION_CHARS``: a judge question (``ask``), a console line, a chat message;
- ``TERM_CHARS``: a glossary term (``glossary``, ``/glossary``): a longer one is
  «не найден» at once;
- ``CARD_TEXT_CHARS``: one card text (``parse``, ``explain``; ``bot.abilities.parser``);
- ``PARSE_FILE_LINES`` / ``PARSE_FILE_BYTES``: card texts in one ``parse --file``;
- ``SCENARIO_*``: a scenario YAML (``scenario run`` file, ``/scenario`` message),
  checked while the YAML streams in (``bot.sim.yamlnode``); ``SCENARIO_FILE_BYTES``
  for the file itself;
- ``PAGE_BYTES``: one rulebook page given to ``rulebook import``;
- ``SEARCH_K``: the most paragraphs ``search -k`` / ``/search … -k N`` shows;
- ``CHAT_RULE_QUERIES``: the most paragraph numbers one chat ``/rule`` message answers
  (each is a message of its own: «/rule 209.5 209.5 …» ×300 sent dozens into a group
  limited to 20 a minute); repeats are answered once.
"""

from __future__ import annotations

from bot.errors import InputLimitError

QUESTION_CHARS = 20_000
TERM_CHARS = 200
CARD_TEXT_CHARS = 20_000
PARSE_FILE_LINES = 100_000

SCENARIO_CHARS = 100_000
SCENARIO_NODES = 10_000
SCENARIO_DEPTH = 20
SCENARIO_SCALAR_CHARS = 10_000
SCENARIO_INT_DIGITS = 9

PARSE_FILE_BYTES = 20_000_000
SCENARIO_FILE_BYTES = 4 * SCENARIO_CHARS  # UTF-8: at most 4 bytes a character
PAGE_BYTES = 20_000_000
SEARCH_K = 50
SEARCH_K_DEFAULT = 5
CHAT_RULE_QUERIES = 10


def check_length(text: str, limit: int, what: str) -> str:
    """``text`` itself when it has at most ``limit`` characters.

    ``what`` names the input, capitalised («Вопрос», «Сообщение»). Raises
    ``InputLimitError``: «Вопрос: слишком много символов — 25 000 (не больше 20 000).
    Сократите текст или разбейте его на части.»
    """
    if len(text) > limit:
        raise too_long(what, len(text), limit)
    return text


def too_long(what: str, size: int, limit: int) -> InputLimitError:
    """The ``InputLimitError`` of ``check_length`` for an input of ``size`` characters
    (measured while it was read, without keeping it all)."""
    return InputLimitError(f"{what}: слишком много символов — {_n(size)} (не больше {_n(limit)}). "
                           "Сократите текст или разбейте его на части.", limit, size)


def _n(x: int) -> str:
    """20000 -> «20 000» (Russian digit grouping with a no-break space)."""
    return f"{x:,}".replace(",", "\u00a0")


def check_search_k(k: int) -> int:
    """``k`` itself when 1 <= k <= SEARCH_K (``search -k``, chat ``/search … -k N``).
    Raises ``InputLimitError``: «-k должно быть от 1 до 50»."""
    if not 1 <= k <= SEARCH_K:
        raise InputLimitError(f"-k должно быть от 1 до {SEARCH_K}", SEARCH_K, k)
    return k
