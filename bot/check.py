"""Validate an edition (``berserk-judge rulebook check``, bot.cli.rulebook_check):
``check_report(rulebook) -> (problems, info)``.

Problems (exit 1): a number used twice, numbers out of rulebook order, a malformed
number, a clause whose section differs from its number, a lettered sub-point
(«302.3.в») whose paragraph is missing, an empty text, a reference
inside a text («п.503», «см. 209.4», «(п. 302.6)») to a paragraph that should be in
this edition (its section is here) but is not, paragraphs the importer could not place.
Information only (exit 0): references to sections outside this edition
(the seeds cite 503, which they do not contain).
"""

from __future__ import annotations



from bot.answer import Answer, Block
from bot.rulebook import Rulebook, edition_path, is_subpoint, number_key, parse_number
from bot.yamlsafe import load_without_aliases


def check_report(rb: Rulebook, unplaced: int = 0, name: str | None = None) -> tuple[list[str], list[str]]:
    """(problems, info) for an edition, each a list of Russian lines naming numbers.
    ``name``: the edition's installed name (its file ``<name>.yaml``); the name written
    inside the file must be the same, since answers cite by it. An edition with no
    paragraph at all is a problem: no question can be answered from it."""
    problems: list[str] = []
    info: list[str] = []
    if name is not None and rb.edition != name:
        problems.append(f"в файле {name}.yaml записано имя редакции «{rb.edition}», а ожидалось «{name}» "
                        "(ответы подписываются этим именем)")
    if not rb.clauses:
        problems.append("в редакции нет ни одного пункта правил")
    seen: dict[str, int] = {}
    for c in rb.clauses:
        seen[c.number] = seen.get(c.number, 0) + 1
    for n, k in seen.items():
        if k > 1:
            problems.append(f"номер {n} встречается {k} раза")
    prev = None
    for c in rb.clauses:
        if parse_number(c.number) != c.number:
            problems.append(f"неверный номер «{c.number}» (ожидался вид 209.5)")
            continue
        if prev is not None and number_key(c.number) <= number_key(prev):
            problems.append(f"нарушен порядок: {c.number} стоит после {prev}")
        prev = c.number
        if c.section != c.number.split(".")[0]:
            problems.append(f"{c.number}: указан раздел {c.section}, а номер принадлежит разделу {c.number.split('.')[0]}")
        if not c.text.strip():
            problems.append(f"{c.number}: пустой текст")
        if is_subpoint(c.number) and rb.parent_of(c.number) is None:
            problems.append(f"{c.number}: подпункт без пункта {c.number.rsplit('.', 1)[0]}")
    section_numbers = {s.number for s in rb.sections}
    for c in rb.clauses:
        if c.section not in section_numbers:
            problems.append(f"{c.number}: нет заголовка раздела {c.section} в списке разделов")
    secs = [s.number for s in rb.sections]
    if secs != sorted(secs, key=number_key):
        problems.append("разделы идут не по порядку номеров")
    outside: dict[str, list[str]] = {}
    for c in rb.clauses:
        for r in c.refs:
            if rb.get(r) or rb.section(r) or rb.children(r):
                continue
            if r.split(".")[0] in section_numbers:
                problems.append(f"{c.number}: ссылка на {r}, но такого пункта в редакции нет")
            else:
                outside.setdefault(r, []).append(c.number)
    for r in sorted(outside, key=number_key):
        info.append(f"ссылка на {r} (из {', '.join(outside[r])}) – вне этой редакции")
    if unplaced:
        problems.append(f"не размещено абзацев: {unplaced} (см. раздел unplaced файла редакции)")
    _check_binding(rb, problems, info)
    return problems, info


def _check_binding(rb: Rulebook, problems: list[str], info: list[str]) -> None:
    """The simulator's rule effects bound to this edition's paragraphs by content
    (``bot.sim.binding``). In ``SIM_EDITION`` every effect must keep its paragraph
    (a problem otherwise: answers would rest on a rule the text no longer states); in
    another edition the effects left without a paragraph are listed for information –
    answers resting on them are withheld."""
    from bot.errors import RulebookError
    from bot.sim.binding import SIM_EDITION, binding_of, effects

    try:
        b = binding_of(rb)
    except RulebookError as e:
        problems.append(f"правила симулятора не проверены: {e}")
        return
    missing = [e for e in effects() if b.get(e.number) is None]
    bound = len(effects()) - len(missing)
    if rb.edition == SIM_EDITION:
        for e in missing:
            problems.append(f"правило симулятора {e.number} («{e.what}») не найдено в тексте редакции: "
                            "ответы, основанные на нём, не даются")
        return
    info.append(f"правила симулятора, найденные в тексте этой редакции: {bound} из {len(effects())}"
                + (": " + ", ".join(f"{k} → {v}" for k, v in b.items() if v) if bound else ""))
    if missing:  # every one, with its seed-edition number, so that a judge can find its signature in effects.yaml
        info.append(f"правила симулятора без пункта в этой редакции ({len(missing)}) – ответы по ним не даются: "
                    + "; ".join(f"{e.number} ({SIM_EDITION}) «{e.what}»" for e in missing)
                    + " (слова, по которым правило ищется, – в rulebook/sim/effects.yaml)")


def check(rulebook: Rulebook) -> list[str]:
    """Problems of an edition as Russian lines; an empty list means it is valid."""
    return check_report(rulebook)[0]


def check_answer(rb: Rulebook, problems: list[str], info: list[str]) -> Answer:
    """The check result as an ``Answer`` (route ``check``, no verdict) for plain-text rendering."""
    blocks = [Block("text", f"Редакция {rb.edition}: пунктов {len(rb.clauses)}, разделов {len(rb.sections)}.")]
    if problems:
        blocks.append(Block("list", items=tuple(f"– {p}" for p in problems), title=f"Проблемы ({len(problems)}):"))
    else:
        blocks.append(Block("text", "Проблем нет."))
    if info:
        blocks.append(Block("list", items=tuple(f"– {i}" for i in info), title="Для сведения:"))
    return Answer(f"rulebook check {rb.edition}", "check", None, blocks, [])


def load_unchecked(edition: str) -> tuple[Rulebook, int]:
    """The edition file ``edition_path(edition)`` loaded without the deduplicating
    cache, so that repeated numbers are seen: ``(rulebook, number of unplaced
    paragraphs)``. Raises ``RulebookError`` when the file is missing or unreadable."""
    path = edition_path(edition)
    rb = Rulebook.load_file(path)
    data = load_without_aliases(path.read_text(encoding="utf-8")) or {}  # the same text load_file read
    return rb, len(data.get("unplaced") or [])
