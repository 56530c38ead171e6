"""Lark parse tree of a card text -> frozen ``Node`` AST (bot/abilities/ast.py).

Every compound node carries its paragraph (505.4 … 505.8); same-kind nesting is
flattened so ``and_then``/``choice``/``optional`` are n-ary; 505.9 ("уничтожить
себя / вернуть в колоду себя, при этом …") is marked on the ``and_then`` node with
``("self_source", True)`` and ``("rules", ("505.9",))``. Spans are offsets into the
normalised text the parser read.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from lark import Token, Transformer

from bot.abilities import lexicon
from bot.abilities.ast import Node
from bot.abilities.postlex import _imperative, is_bare_tap, pos_of

# separator token -> paragraph
SEPARATOR_RULES = {
    "AND_THEN": "505.4",
    "SEMI": "505.4.1",
    "DASH": "505.4.2",
    "COND_COMMA": "505.4",
    "ILI_V": "505.5",
    "LIBO": "505.5",
    "OTHERWISE": "505.6",
    "REFUSE": "505.7",
    "AND_V": "505.8",
    "AND_IN": "505.4",
    "MAY_V": "505.8",
    "MAY_B": "505.8",
}
_LIMIT = re.compile(r"^\((.*)\)$", re.S)
_LIMIT_WORDS = re.compile(r"\bраза?\b", re.I)   # «раз», «раза» (not «разряду»)
_ICON = re.compile(r"\{([a-z0-9_]+)\}")


def _span(items: list[Any]) -> tuple[int, int]:
    starts, ends = [], []
    for it in items:
        if isinstance(it, Node):
            starts.append(it.span[0]); ends.append(it.span[1])
        elif isinstance(it, Token) and it.start_pos is not None:
            starts.append(it.start_pos); ends.append(it.end_pos)
    return (min(starts), max(ends)) if starts else (0, 0)


_with_attrs = Node.with_attrs     # the local name of the one attribute-setting copy (ast.Node)


def _is_self_payment(node: Node) -> bool:
    """505.9: "уничтожить себя" / "вернуть в колоду себя" (the source pays with itself)."""
    if node.kind != "effect":
        return False
    words = [w.casefold() for w in re.findall(r"[А-Яа-яЁёA-Za-z]+", node.text)]
    if not words or "себя" not in words:
        return False
    head = lexicon.word_lemma(words[0])
    return head == "уничтожить" or (head == "вернуть" and any(w.startswith("колод") for w in words))


_TRAILING_NAME = re.compile(r"^\(\s*(воздействие|заклинание)\b\s*(.*?)\s*\)$", re.I | re.S)


def _lift_name(node: Node) -> Node:
    """A compound whose last part ends with its name in brackets ("раниться на 1, при этом
    получить благословление (воздействие самобичевание)"): the name is the whole ability's,
    named(compound) with the last part unwrapped."""
    if not node.children:
        return node
    last = node.children[-1]
    if last.kind in ("condition", "trigger") and len(node.children) >= 2 and len(last.children) == 1 \
            and last.children[0].kind == "named" and last.children[0].attr("written_after"):
        # "бросьте кубик: если выпало 1 – A; если выпало 2 – B (воздействие «…»)": the name
        # ends the whole ability, not its last case
        named = last.children[0]
        s_, e_ = last.span[0], named.children[0].span[1]
        bare = replace(last, span=(s_, e_), text=node.text[s_ - node.span[0]:e_ - node.span[0]],
                       children=(named.children[0],))
        last = replace(named, children=(bare,))
    if last.kind != "named" or not last.attr("written_after") or (len(node.children) < 2 and node.kind != "optional"):
        return node
    inner = replace(node, children=(*node.children[:-1], last.children[0]))
    s, e = node.span[0], last.children[0].span[1]
    inner = replace(inner, span=(s, e), text=node.text[:e - s])
    return replace(last, span=node.span, text=node.text, children=(inner,))


def _trailing_condition(items: list[Token]) -> tuple[int, int] | None:
    """``(end of the leaf, start of the clause)`` of a condition written after a leaf
    («+1 к {strike}, пока рядом …», «Имеет +2 к {strike}, если в этом ходу …», «Не
    закрывается после нападения если …»), or ``None``. The clause («пока» / «если», after
    a comma or, for «если», right after a word of the leaf) runs to the end of the leaf;
    a comma inside it may list words but not open another verb (a gerund phrase between
    commas belongs to the clause: «…, если он, будучи закрытым, не открылся»). A «если»
    whose clause speaks of the target by a pronoun («ранить выбранное существо, если оно
    закрыто») is a condition on that part too: the part is done only when it holds."""
    for i in range(1, len(items) - 1):
        t = items[i]
        comma = t.type == "COMMA"
        word = items[i + 1] if comma else t
        lead = word.value.casefold()
        if lead not in ("пока", "если") or (not comma and (i < 2 or items[i - 1].type == "COMMA")):
            continue
        if not comma and items[i - 1].value.casefold() == "даже":
            continue    # "…, даже если …": concessive, a word of the effect (done in any case)
        clause = items[i + 2:] if comma else items[i + 1:]
        if not clause or not any(it.type in ("WORD", "ICON") for it in items[:i]):
            continue
        if items[i - 1].value.casefold() in ("и", "или") or any(
                it.value.casefold() in ("пока", "если") for it in items[:i]) or any(
                r.value.casefold() in ("пока", "если") and not (
                    r.value.casefold() == lead and k and clause[k - 1].value.casefold() == "и")
                for k, r in enumerate(clause)):
            return None     # "A, если X, или B, если Y": a case split; "A или если …"
        #                     (not "…, пока находятся на …, и пока X в вашем отряде": one clause of two)
        comma_at = next((k for k, r in enumerate(clause) if r.type == "COMMA"), None)
        if comma_at is not None and comma_at + 1 < len(clause) and clause[comma_at + 1].value.casefold() in ("и", "а") \
                and not any(r.value.casefold() == "и" for r in clause[:comma_at]):
            return None     # "…, если она свободна, и наоборот": one more clause of the leaf after it
            #                 (not "пока имеет и выстрел, и метание")
        if comma_at is not None and comma_at + 1 < len(clause) and clause[comma_at + 1].type == "WORD" \
                and pos_of(clause[comma_at + 1].value) == "GRND":
            # "…, если он, будучи закрытым, не открылся": the gerund phrase is inside the clause
            close = next((k for k in range(comma_at + 1, len(clause)) if clause[k].type == "COMMA"), None)
            comma_at = None if close is None else next(
                (k for k in range(close + 1, len(clause)) if clause[k].type == "COMMA"), None)
        if comma_at is not None and comma_at + 1 < len(clause) and (
                lexicon.word_lemma(clause[comma_at + 1].value) == "который" or (
                    comma_at + 2 < len(clause) and lexicon.is_preposition(clause[comma_at + 1].value)
                    and lexicon.word_lemma(clause[comma_at + 2].value) == "который")) \
                and not any(r.type == "COMMA" for r in clause[comma_at + 1:]):
            comma_at = None     # "…, если стоит на клетке, которую занимал эльф": a relative clause inside it
        if comma_at is not None and any(r.value.casefold() == "то" or r.type == "WORD" and lexicon.is_predicate(r.value)
                                        for r in clause[comma_at + 1:]):
            return None     # "…, пока Тхаш его паразит, а Тхаш получает …": another clause after the comma
        if comma and i >= 4 and " ".join(x.value.casefold() for x in items[i - 3:i]) == "до тех пор":
            return i - 3, i - 3     # "…до тех пор, пока является артефактом": one conjunction
        return i, (i + 1 if comma else i)
    return None


# a time in an «если» header: "в начале хода противника", "в конце вашего хода", "в начале боя"
_TIME_IN_IF = re.compile(r"\b(в|во)\s+(начале|конце)\s+((вашего|своего|его|этого|каждого|следующего|его)\s+)?"
                         r"(хода|боя|раунда)(\s+(противника|соперника|игрока))?\b", re.I)


# "(вне зависимости от дальности)", "(максимум +3)" after a condition written after its effect: how
# the effect applies or how far its amount goes, not words of the condition
_REGARDLESS = re.compile(r"\(\s*(вне\s+зависимости|независимо|максимум|минимум|не\s+более)\b", re.I)


# "(кроме клеток рядом с ним, 1 раз за ход)": a qualifier, then the count of uses; a cap on the
# amount ("максимум на 3", "минимум до 1") limits the whole ability with the count
_QUALIFIED_LIMIT = re.compile(r"^([^,]+),\s*(.*\bраза?\b.*)$", re.I)
_AMOUNT_LIMIT = re.compile(r"^(максимум|минимум|не\s+более|не\s+менее|до)\b", re.I)


_FIRST_WORD = re.compile(r"[А-Яа-яЁё-]+")
# a bracket opening with a clause of its own: "(если клетка занята, то уничтожить …)", "(когда …)"
_BRACKET_CLAUSE = re.compile(r"(если|когда|при|в\s+начале|в\s+конце|до\s+начала)\b", re.I)
# a restriction of its own in brackets: "(не может иметь более 3 {counter})" (not "(не по диагонали)")
_BRACKET_RESTRICTION = re.compile(r"не\s+(может|могут)\s+[А-Яа-яЁё]+[^()]*$", re.I)
# a standing rule in a bracket after a marker is placed or gained: a restriction or a state
_MARKER_RULE = re.compile(r"\b(не\s+мо(жет|гут)|счита(ется|ются)|теря(ет|ют)|получа(ет|ют)|уничтожа(ется|ются))\b", re.I)
_USE_LIMIT = re.compile(r"\bраза?\s+(в|за)\s+(\w+\s+)?(ход|бой)\b", re.I)
_BRANCHING = ("choice", "cases", "otherwise", "refusable")


def _limit_trigger(top: Node, limit: str) -> Node:
    """``top`` with ``limit`` on the trigger it gates ("Отпор: При атаке … (1 раз за ход)": the
    label is the state, the limit is of the trigger), else on ``top`` itself."""
    if top.kind in ("condition", "named") and len(top.children) == 1 and not top.attr("limit"):
        inner = top.children[0]
        if inner.kind == "trigger" and not inner.attr("limit"):
            return replace(top, children=(_with_attrs(inner, limit=limit),))
    if top.kind == "trigger" and len(top.children) == 1 and top.children[0].kind == "and_then" \
            and re.match(r"(в\s+начале|в\s+конце)\b", str(top.attr("head") or ""), re.I) \
            and re.search(r"\bза\s+ход\b", limit, re.I):
        seq = top.children[0]
        last = seq.children[-1]
        if last.kind == "trigger" and not last.attr("limit"):
            # "В начале хода выбрать направление; когда существо перемещается … получить {counter}
            # (1 раз за ход для каждого существа)": a turn's start happens once a turn, the
            # per-turn limit is the delayed trigger's
            return replace(top, children=(replace(seq, children=(*seq.children[:-1], _with_attrs(last, limit=limit))),))
    return _with_attrs(top, limit=limit)


def _one_optional(node: Node) -> Node:
    """"может закрыть … и ранить его на 2 (заклинание «…»)": the abilities listed after «может»
    (505.8) under a name written after them are one optional — not an optional over an
    optional once the name is lifted over the list."""
    if node.kind == "named" and len(node.children) == 1:
        inner = _one_optional(node.children[0])
        return replace(node, children=(inner,)) if inner is not node.children[0] else node
    if node.kind == "optional" and len(node.children) == 1 and node.children[0].kind == "optional" \
            and not node.attr("subject") and not node.children[0].attr("subject"):
        return replace(node.children[0], span=node.span, text=node.text)
    if node.kind == "optional" and len(node.children) == 1 and node.children[0].kind == "and_then":
        seq = node.children[0]
        kids: list[Node] = []
        for c in seq.children:
            if c.kind == "optional" and not c.attr("subject") and not c.attr("limit"):
                kids.extend(c.children)     # "может получить полет и +1 к {strike}, при этом теряет …":
            else:                           # the abilities listed after «может» are parts of the one optional
                kids.append(c)
        if len(kids) != len(seq.children):
            return replace(node, children=(replace(seq, children=tuple(kids)),))
    return node


def _note_last_leaf(node: Node, note: str) -> Node:
    """``node`` with its last effect leaf (in reading order) given ``note``."""
    if node.kind == "effect":
        return _with_attrs(node, note=note) if not node.attr("note") else node
    if not node.children:
        return node
    return replace(node, children=(*node.children[:-1], _note_last_leaf(node.children[-1], note)))


# Events of the game a «Вместо …» header may replace («Вместо гибели», «Вместо своей
# регенерации»); an action the card declares itself («Вместо движения», «Вместо атаки») is
# an ability used in its place (506.6), a condition of use, not a trigger.
_REPLACED_EVENTS = frozenset({"гибель", "смерть", "уничтожение", "регенерация", "инкарнация", "получение",
                              "ранение", "излечение", "возрождение"})


def _replaces_event(kw: Token, head: list[Token]) -> bool:
    """Is ``kw head`` a «Вместо <event>» header over a replacement of that game event?"""
    if kw.value.casefold() != "вместо":
        return False
    words = [t for t in head[:3] if t.type == "WORD"]
    for w in words[:2]:
        lem = lexicon.word_lemma(w.value)
        if lem in _REPLACED_EVENTS:
            return True
        if lem not in ("свой", "его", "ее", "их", "ваш"):
            return False
    return False


# a part with its own duration ("теряет схрон до конца боя и получает …, пока …"): a condition
# written after the next part does not bound it
_OWN_DURATION = re.compile(r"\b(до\s+(конца|начала)\s+[А-Яа-яЁё]+(\s+[А-Яа-яЁё]+)?|на\s+(весь|этот|следующий|свой)\s+"
                           r"(следующий\s+)?(ход|бой))\s*$", re.I)


def _if_words(node: Node) -> list[str] | None:
    """The words of an «если …» header of ``node`` after «если» (not one written after its
    effect), or ``None``."""
    head = str(node.attr("head") or "")
    if node.attr("written_after") or not re.match(r"если\b", head, re.I):
        return None
    return re.findall(r"[А-Яа-яЁёA-Za-z0-9{}_-]+", head)[1:]


def _same_test(a: Node, b: Node) -> bool:
    """Are the conditions ``a`` and ``b`` (joined by «;») two outcomes of one test — a case
    split ("если выпало 1-3 – A; если выпало 4-6 – B", "если выпал чет – A; если выпал нечет
    – B", "…; если 4 или более – B" with the verb left out), not two checks that may both
    hold ("если оно погибло – A; если у вас есть фишка – B")?"""
    wa, wb = _if_words(a), _if_words(b)
    if not wa or not wb:
        return False
    if wa[0].casefold() == wb[0].casefold() and lexicon.is_predicate(wa[0]):
        return True
    return not any(lexicon.is_predicate(w) or lexicon.is_noun(w) for w in wb if w[:1].isalpha())


class ToAst(Transformer):
    """Lark Transformer: rule callbacks build ``Node``s from tokens and child nodes."""

    def __init__(self, text: str) -> None:
        super().__init__(visit_tokens=False)
        self.text = text

    def _node(self, kind: str, rule: str | None, items: list[Any], children: list[Node] | None = None,
              span: tuple[int, int] | None = None, **attrs: Any) -> Node:
        s, e = span or _span(items)
        return Node(kind, rule, (s, e), self.text[s:e], tuple(children or ()),
                    tuple(sorted((k, v) for k, v in attrs.items() if v is not None)))

    # -- leaves ---------------------------------------------------------------------------
    def effect(self, items: list[Token]) -> Node:
        listed = self._quoted_keywords(items)
        if listed is not None:
            return listed
        named = _TRAILING_NAME.match(items[-1].value) if len(items) > 1 and items[-1].type == "PAREN" else None
        if named is not None:
            # "ранить на 3 (воздействие «штопор»)": the ability's name written after it, in
            # brackets — a named node over the leaf (lifted over a compound by ``_nary``)
            body = self.effect(items[:-1])
            inside = named.group(2)
            quoted = re.search(r"«([^«»]*)»", inside)
            name_part, _, rest = (quoted.group(1), "", inside[quoted.end():]) if quoted else inside.partition(",")
            rest = rest.strip(" ,")
            return self._node("named", None, items, [body], head=items[-1].value[1:-1].strip(),
                              name=name_part.strip() or None, effect_kind=named.group(1).casefold(), written_after=True,
                              limit=rest if rest and _LIMIT_WORDS.search(rest) else None)
        marker = len(items) > 1 and (any(t.type == "WORD" and t.value.casefold().startswith("маркер") for t in items[:-1])
                                     or any(a.type == "WORD" and lexicon.word_lemma(a.value) in ("получить", "получать")
                                            and b.type == "QUOTED" for a, b in zip(items[:-1], items[1:-1])))
        # (a named marker gained in quotes: "получает «сеть» до конца хода (существо с «сетью» не может …)")
        bracket = self._bracket_effect(items[-1], marker) if items[-1].type == "PAREN" else None
        if bracket is not None and len(items) == 1:
            return bracket      # "(До начала вашего хода – получить {wolf} либо {human} …)": a sentence in brackets
        if bracket is not None:
            # "Инкарнирует … в открытом виде (если клетка занята, то уничтожить все карты на ней)",
            # "…, пока не погибнут 2 наземных существа (вскройте его после расстановки)": the
            # bracket holds an effect of its own (505.4), not words of the leaf or its condition
            host = self.effect(items[:-1])
            s_ = items[0].start_pos
            return Node("and_then", "505.4", (s_, items[-1].end_pos), self.text[s_:items[-1].end_pos], (host, bracket))
        found = _trailing_condition(items)
        if found is not None:
            # "+1 к {strike}, пока рядом стоит ваше существо без ран": the leaf's own «, пока / если …»
            # written after it is the condition of that leaf, as a «Пока … –» header would be
            cut, at = found
            body = self.effect(items[:cut])
            head = items[at:]
            if len(head) > 2 and head[-1].type == "PAREN" and _REGARDLESS.match(head[-1].value):
                # "… только по Резчику, пока он стоит рядом … (вне зависимости от дальности)":
                # "regardless of …" says how the effect applies, not when: the effect's note
                if body.kind == "effect":
                    body = _with_attrs(body, note=head[-1].value[1:-1].strip())
                head = head[:-1]
            s = items[0].start_pos
            return self._node("condition", None, items, [body], span=(s, items[-1].end_pos),
                              head=self.text[head[0].start_pos:head[-1].end_pos], written_after=True)
        attrs: dict[str, Any] = {}
        limits = [m.group(1) for t in items if t.type == "PAREN" and _LIMIT_WORDS.search(t.value)
                  for m in [_LIMIT.match(t.value)] if m]
        if limits:
            attrs["limit"] = limits[0]
        attrs.update(_keyword(items))
        return self._node("effect", None, items, **attrs)

    def _bracket_effect(self, tok: Token, marker: bool = False) -> Node | None:
        """The effect written in brackets ``tok`` as a node of its own, or ``None``: the
        bracket opens with an infinitive or imperative («вскройте его после расстановки»), or
        with «если / когда / при …» and an effect («если клетка занята, то уничтожить все карты
        на ней»), and reads as one ability whose every leaf is an action (not a trait, class,
        or a note like «(сохраняются до конца хода противника)», «(кроме летающих)»)."""
        inner = tok.value[1:-1]
        body = inner.strip()
        first = _FIRST_WORD.match(body)
        if first is None or len(body.split()) < 3 or _LIMIT_WORDS.search(body):
            return None
        w = first.group(0)
        from bot.abilities.effects import classify
        from bot.abilities.grammar import read, shift

        if _BRACKET_RESTRICTION.match(body):
            # "получить {counter} (не может иметь более 3 {counter})": a standing restriction of
            # its own, not words of the leaf
            if classify(body)[0] != "restrict":
                return None
            s = tok.start_pos + 1 + (len(inner) - len(inner.lstrip()))
            return Node("effect", None, (s, s + len(body)), self.text[s:s + len(body)])
        second = _FIRST_WORD.match(body[len(w):].lstrip())
        rule_of_marker = marker and ((lexicon.is_noun(w) and lexicon.may_be_nominative(w))
                                     or w.casefold() in ("он", "она", "оно", "они")
                                     or (w.casefold() in ("эта", "этот", "это", "эти") and second is not None
                                         and lexicon.is_noun(second.group(0)))) and bool(
            _MARKER_RULE.search(body)) and ("–" not in body or re.search(r"\bесли\b[^–]*–", body) is not None)   # (a dash there leaves a word out: "с двумя – также …")
        # ("положить маркер удушения на … (существо с одним маркером не может передвигаться, …)": what
        # the marker does is a standing rule of its own, not words of the leaf placing it)
        if not (_BRACKET_CLAUSE.match(body) or lexicon.is_infinitive(w) or _imperative(w) or rule_of_marker):
            return None

        try:
            node = read(body, "sentence")
        except Exception:  # noqa: BLE001 — a bracket that is no ability stays words of the leaf
            return None
        from bot.abilities.effects import type_tree

        leaves = [n for n in node.walk() if n.kind == "effect"]
        typed = [n.attr("action") for n in type_tree(node).walk() if n.kind == "effect"]
        # (typed in its tree: "…, а карты на соседних клетках – на 1" is the wound of the part before)
        if not leaves or any(a in ((None, "class", "manner", "perform") if rule_of_marker else (
                None, "trait", "class", "manner", "perform")) for a in typed):
            # (a marker's rule may list the abilities it gives: "(оно теряет особенности, имеет {ova}1 …)")
            return None     # ("(совершите оба, если …)": how to use the choice, not an effect)
        event = node.kind == "trigger" and re.match(r"(когда|при)\b", body, re.I) is not None
        if not (lexicon.is_infinitive(w) or _imperative(w) or rule_of_marker or event):
            # ("(когда они перестают стоять рядом каждое из них ранится на 2 …)": an event and
            # its effects, a delayed trigger, whatever the effect's first word)
            # a clause first: its effect is a verb of its own («…, то уничтожить», «… ранить его»)
            # or follows a dash («при разряде – {counter} не теряются»); not "(если уже имеет
            # отравление)", "(если бросок кубика, когда атакует …, равен 3 …)"
            lead = _FIRST_WORD.match(leaves[0].text)
            dashed = re.search(r"[–:]|,\s*то\b", body[:leaves[0].span[0]]) is not None
            if node.kind == "effect" or not (dashed or (lead is not None and leaves[0].text.startswith(lead.group(0))
                                                         and (lexicon.is_infinitive(lead.group(0))
                                                              or _imperative(lead.group(0))))):
                return None
        return shift(node, tok.start_pos + 1 + (len(inner) - len(inner.lstrip())), self.text)

    def _quoted_keywords(self, items: list[Token]) -> Node | None:
        """"Строй: «Схрон. Опыт в защите»": keyword abilities listed in quotes, one sentence
        each, are one leaf per keyword, joined as the parts of one clause (505.4); ``None``
        when the quote holds anything else."""
        if len(items) != 1 or items[0].type != "QUOTED":
            return None
        tok = items[0]
        inner_start = tok.start_pos + 1
        leaves = []
        for m in re.finditer(r"[^.]+", tok.value[1:-1]):
            words = m.group(0).strip()
            if not words:
                continue
            s = inner_start + m.start() + (len(m.group(0)) - len(m.group(0).lstrip()))
            toks = [Token("NUMBER" if w[:1].isdigit() else "WORD", w) for w in words.split()]
            found = _keyword_core(toks)
            if not found:
                return None
            leaves.append(Node("effect", None, (s, s + len(words)), words, (),
                               tuple(sorted((k, v) for k, v in found.items() if v is not None))))
        if len(leaves) < 2:
            return None
        return self._node("and_then", "505.4", items, leaves)

    # -- compound (505) ---------------------------------------------------------------------
    def _nary(self, kind: str, items: list[Any]) -> Node:
        children: list[Node] = []
        rules: list[str] = []
        for it in items:
            if isinstance(it, Node):
                if it.kind == kind and not it.attr("limit"):   # flatten same kind
                    children.extend(it.children)
                    rules.extend([it.rule] if it.rule else [])
                    rules.extend(it.attr("rules") or ())
                else:
                    children.append(it)
            elif isinstance(it, Token) and it.type in SEPARATOR_RULES:
                rules.append(SEPARATOR_RULES[it.type])
        rules = list(dict.fromkeys(rules))
        attrs: dict[str, Any] = {}
        if kind == "and_then" and any(_is_self_payment(c) for c in children[:-1]):
            attrs["self_source"] = True
            rules.append("505.9")
        if len(rules) > 1:
            attrs["rules"] = tuple(rules[1:])
        node = _lift_name(self._node(kind, rules[0] if rules else None, items, children, **attrs))
        return self._lift_condition(node) if kind == "and_then" else node

    def _lift_condition(self, node: Node) -> Node:
        """"Получает {ovz} 1 и -1 от ударов, пока стоит …": a «, пока / если …» written after
        the last of parts joined only by «и» / «,» governs all of them — condition(and_then(…))
        over that run, not over the last part alone (wherever the run stands in the sequence:
        "…; {ova} 1 и {ovz} 1, если …; …")."""
        kids = list(node.children)
        if not any(k.kind == "condition" and k.attr("written_after") for k in kids[1:]):
            return node
        out: list[Node] = []
        changed = False
        for kid in kids:
            run_start = len(out)
            if kid.kind == "condition" and kid.attr("written_after") and kid.children:
                while run_start > 0 and out[run_start - 1].kind == "effect" and not _OWN_DURATION.search(
                        out[run_start - 1].text) and \
                        self.text[out[run_start - 1].span[1]:(out[run_start].span[0] if run_start < len(out) else kid.span[0])
                                  ].strip() in (",", "и", ", и"):
                    run_start -= 1
            if run_start < len(out):
                run = [*out[run_start:], kid.children[0]]
                s_, e_ = run[0].span[0], run[-1].span[1]
                inner = Node("and_then", "505.4", (s_, e_), self.text[s_:e_], tuple(run))
                cond = replace(kid, span=(s_, kid.span[1]), text=self.text[s_:kid.span[1]], children=(inner,))
                del out[run_start:]
                out.append(cond)
                changed = True
            else:
                out.append(kid)
        if not changed:
            return node
        if len(out) == 1:
            return out[0]
        return replace(node, children=tuple(out))

    def and_then(self, items: list[Any]) -> Node:
        return self._cases(self._nary("and_then", items), items)

    def _cases(self, node: Node, items: list[Any]) -> Node:
        """Group conditions joined by «, если …» (COND_COMMA) that follow a condition
        into a ``cases`` node: "если герой-воин – A, если герой-маг – B" is a case split
        (each part under its own condition; the board decides which), not "do all"."""
        if node.kind == "named" and node.attr("written_after") and len(node.children) == 1 \
                and node.children[0].kind == "and_then":
            # "…; если выпало 3 или 4 – B; если выпало 5 или 6 – C (воздействие «…»)": the
            # name written after was lifted over the parts; the cases are inside it
            inner = self._cases(node.children[0], items)
            return replace(node, children=(inner,)) if inner is not node.children[0] else node
        if node.kind != "and_then":
            return node
        seps: list[str | None] = []
        last: str | None = None
        for it in items:
            if isinstance(it, Token) and it.type in SEPARATOR_RULES:
                last = it.type
            elif isinstance(it, Node):
                if it.kind == "and_then" and not it.attr("limit"):
                    seps.extend([last] + [None] * (len(it.children) - 1))
                else:
                    seps.append(last)
                last = None
        if len(seps) != len(node.children):
            return node
        kids = list(node.children)
        out: list[Node] = []
        kept: list[str | None] = []     # the separator before each child kept
        k = 0
        while k < len(kids):
            j = k + 1
            if kids[k].kind == "condition":
                while j < len(kids) and kids[j].kind == "condition" and (
                        seps[j] == "COND_COMMA" or (seps[j] == "SEMI" and _same_test(kids[j - 1], kids[j]))):
                    j += 1
            if j - k >= 2:
                run = kids[k:j]
                s_, e_ = run[0].span[0], run[-1].span[1]
                out.append(Node("cases", None, (s_, e_), self.text[s_:e_], tuple(run)))
                kept.append(seps[k])
            else:
                out.extend(kids[k:j])
                kept.extend(seps[k:j])
            k = j
        if len(out) == len(kids):
            return node
        if len(out) == 1:
            return out[0]
        rules = [SEPARATOR_RULES[t] for t in kept if t]
        rules = list(dict.fromkeys(rules + [r for r in (node.attr("rules") or ()) if r == "505.9"]))
        top = replace(node, children=tuple(out), rule=rules[0] if rules else node.rule)
        attrs = {k: v for k, v in top.attrs if k != "rules"}
        if len(rules) > 1:
            attrs["rules"] = tuple(rules[1:])
        return replace(top, attrs=tuple(sorted(attrs.items())))

    def seq(self, items: list[Any]) -> Node:
        """Two effects of one clause in a later part's body ("… – оно теряет полет и ранится
        на 2"): 505.4, as between parts."""
        return self._nary("and_then", items)

    def cond_then(self, items: list[Any]) -> Node:
        """and_then whose first part is a condition (after 505.6 / 505.7)."""
        return self._nary("and_then", items)

    def choice(self, items: list[Any]) -> Node:
        return self._choice_condition(self._nary("choice", items))

    def _choice_condition(self, node: Node) -> Node:
        """"получает опыт в атаке или +1 к опыту в атаке, пока носит Клинок": a condition
        written after the last of options joined by a bare «или» (one clause) governs the
        choice — condition(choice(A, B)) — not the last option alone ("A, если X, или B,
        если Y" keeps one condition per option)."""
        if node.kind != "choice" or len(node.children) < 2:
            return node
        if all(c.kind == "condition" and c.attr("written_after") for c in node.children):
            # "получают благословление, если оба ваши, или проклятие, если оба противника": each
            # option under its own condition — a case split (the board decides), not a choice
            return Node("cases", None, node.span, node.text, node.children)
        last = node.children[-1]
        if last.kind != "condition" or not last.attr("written_after") or len(last.children) != 1 \
                or any(c.kind != "effect" for c in node.children[:-1]):
            return node
        if re.match(r"если\b", last.attr("head") or "", re.I):
            # "открыться или получить жетон инкарнации, если на кладбище": a one-time «если»
            # after the last option is that option's own condition (the nearest verb), unlike a
            # standing «пока» («…, пока носит Клинок»), which governs the choice
            return node
        gaps = [self.text[a.span[1]:b.span[0]] for a, b in zip(node.children, node.children[1:])]
        if any(g.strip() != "или" for g in gaps):
            return node
        inner = replace(node, children=(*node.children[:-1], last.children[0]),
                        span=(node.span[0], last.children[0].span[1]),
                        text=self.text[node.span[0]:last.children[0].span[1]])
        return replace(last, span=node.span, text=node.text, children=(inner,))

    def list(self, items: list[Any]) -> Node:
        return self._nary("optional", items)

    def may(self, items: list[Any]) -> Node:
        """505.8; a subject written before «может» ("вы можете …") is attr ``subject``."""
        subj = [t for t in items if isinstance(t, Token) and t.type == "SUBJ"]
        while len(subj) > 1 and subj[-1].value.casefold() in ("также", "тоже", "еще", "ещё"):
            subj = subj[:-1]    # "Заступник Ордена также может …": the subject is «Заступник Ордена»
        node = _one_optional(self._nary("optional", items))
        if subj:
            said = self.text[subj[0].start_pos:subj[-1].end_pos]
            if node.kind == "named" and node.attr("written_after"):
                # (the name written after the ability was lifted over it: the subject is the optional's)
                return replace(node, children=(_with_attrs(node.children[0], subject=said),))
            node = _with_attrs(node, subject=said)
        return self._subject_per_option(node)

    def _subject_per_option(self, node: Node) -> Node:
        """"ваши X существ могут получить {counter} или ваше существо может получить X
        {counter}": a later option of the choice under «может» has its own subject and
        «может» — the choice is on top (505.5) and each option is its own optional (505.8)
        with its own subject, not the second under the first one's subject."""
        if node.kind != "optional" or len(node.children) != 1 or node.children[0].kind != "choice":
            return node
        choice = node.children[0]
        opts = choice.children
        if len(opts) < 2 or opts[0].kind == "optional" or not any(
                o.kind == "optional" and o.attr("subject") for o in opts[1:]):
            return node
        kids = []
        for o in opts:
            if o.kind == "optional":
                kids.append(o)
                continue
            s, e = (node.span[0] if not kids else o.span[0]), o.span[1]
            kids.append(replace(node, span=(s, e), text=self.text[s:e], children=(o,)))
        return replace(choice, span=node.span, text=node.text, children=tuple(kids))

    def may_b(self, items: list[Any]) -> Node:
        """505.8 over one part only (MAY_B): as ``may``."""
        return self.may(items)

    def otherwise(self, items: list[Any]) -> Node:
        node = self._node("otherwise", "505.6", items, [i for i in items if isinstance(i, Node)])
        return self._else_of_last_case(node)

    def _else_of_last_case(self, node: Node) -> Node:
        """"A; если X – B, если Y – C, иначе D": «иначе» is the alternative of the
        conditions that end the sequence, not of the whole: and_then(A, otherwise(cases, D))."""
        first, rest = node.children[0], node.children[1:]
        if first.kind != "and_then" or not rest or first.children[-1].kind not in ("condition", "cases") \
                or not re.match(r"[\s,;.]*иначе\b", self.text[first.span[1]:rest[0].span[0]], re.I):
            return node
        last = first.children[-1]
        s_, e_ = last.span[0], node.span[1]
        alt = Node("otherwise", "505.6", (s_, e_), self.text[s_:e_], (last, *rest))
        return replace(first, span=node.span, text=node.text, children=(*first.children[:-1], alt))

    def refusable(self, items: list[Any]) -> Node:
        return self._node("refusable", "505.7", items, [i for i in items if isinstance(i, Node)])

    # -- card structure ---------------------------------------------------------------------
    def head(self, items: list[Token]) -> list[Token]:
        return items

    def _headed(self, kind: str, items: list[Any], **attrs: Any) -> Node:
        kw, head, end, body = items
        s = kw.start_pos
        head_text = self.text[s:(head[-1].end_pos if head else kw.end_pos)]
        if "вместо" in end.value.casefold():
            attrs["instead"] = True     # "Если должен погибнуть … вместо этого …": a replacement
        return self._node(kind, None, [kw, body], [body], head=head_text, **attrs)

    def trigger(self, items: list[Any]) -> Node:
        return self._headed("trigger", items)

    def condition(self, items: list[Any]) -> Node:
        if _replaces_event(items[0], items[1]):
            # "Вместо гибели может …": the body replaces that event of the game when it would
            # happen — a trigger on the event marked as a replacement, not a state
            return self._headed("trigger", items, instead=True)
        node = self._headed("condition", items)
        return self._timed(self._else(self._split_cases(node)))

    def _timed(self, node: Node) -> Node:
        """"Если открыт в начале хода противника – A", "Если в начале вашего хода не имеет
        ран – A": the time written in an «если» header is the event the ability waits for —
        a trigger at that time (305.1) over the condition checked then:
        trigger(в начале хода противника, condition(Если открыт, A))."""
        if node.kind != "condition" or not node.children:
            return node
        head = node.attr("head") or ""
        m = _TIME_IN_IF.search(head)
        if m is None or not re.match(r"если\b", head, re.I):
            return node
        rest = " ".join((head[:m.start()] + " " + head[m.end():]).split()).strip(" ,")
        if len(rest.split()) < 2:
            return node     # "Если в начале хода –": nothing is checked then
        cond = _with_attrs(node, head=rest)
        return Node("trigger", None, node.span, node.text, (cond,), (("head", m.group(0).strip()),))

    def _else(self, node: Node) -> Node:
        """"Если X – A, иначе B": «иначе» is the alternative of the condition, not a part
        of its body: otherwise(condition X (A), B) — B is used when A is not (505.6)."""
        if node.kind != "condition" or not node.children or node.children[0].kind != "otherwise":
            return node
        body = node.children[0]
        first, rest = body.children[0], body.children[1:]
        if not rest or not re.match(r"[\s,;.]*иначе\b", self.text[first.span[1]:rest[0].span[0]], re.I):
            return node
        s_ = node.span[0]
        cond = replace(node, span=(s_, first.span[1]), text=self.text[s_:first.span[1]], children=(first,))
        return replace(body, span=node.span, text=node.text, children=(cond, *rest))

    def _split_cases(self, node: Node) -> Node:
        """"Если A – X, если B – Y": the body of the first condition is X followed by
        conditions joined by «, если» — the conditions are cases side by side, not
        nested: cases(condition A (X), condition B (Y))."""
        body = node.children[0] if node.children else None
        optional = None
        if body is not None and body.kind == "optional" and len(body.children) == 1 \
                and body.children[0].kind == "and_then":
            # "если A может X, а если B может Y": «может» of the first case does not
            # cover the next case
            optional, body = body, body.children[0]
        if body is None or body.kind not in ("and_then", "cases"):
            return node
        parts = list(body.children)
        if body.kind == "cases" or len(parts) < 2:
            return node
        rest = parts[1:]
        if rest and rest[0].kind == "cases":
            rest = list(rest[0].children) + rest[1:]
        if not rest or any(p.kind != "condition" for p in rest) or \
                not all(self.text[a.span[1]:b.span[0]].strip() in (",", ", а") for a, b in zip(parts, parts[1:])):
            return node
        first_body = parts[0]
        if optional is not None:
            if len(parts) != 2:
                return node
            e_ = first_body.span[1]
            first_body = replace(optional, span=(optional.span[0], e_), text=self.text[optional.span[0]:e_],
                                 children=(first_body,))
        s_ = node.span[0]
        first = replace(node, span=(s_, first_body.span[1]), text=self.text[s_:first_body.span[1]],
                        children=(first_body,))
        kids = (first, *rest)
        return Node("cases", None, node.span, node.text, kids)

    def inner_condition(self, items: list[Any]) -> Node:
        """A condition over a later part of a compound ability ("A; если … – B")."""
        return self._else(self._split_cases(self._headed("condition", items)))

    def inner_trigger(self, items: list[Any]) -> Node:
        """A trigger as a later part of a compound ability."""
        return self._headed("trigger", items)

    def inner_named(self, items: list[Any]) -> Node:
        """A named effect as a later part of a compound ability."""
        return self.named(items)

    def named(self, items: list[Any]) -> Node:
        head = items[1]
        quoted = [t.value[1:-1] for t in head if t.type == "QUOTED"]
        words = head
        reach = None
        comma = next((k for k, t in enumerate(head) if t.type == "COMMA"), None)
        if comma is not None and comma + 2 < len(head) + 1 and len(head) > comma + 2 \
                and head[comma + 1].value.casefold() == "дальность" and head[comma + 2].type == "NUMBER":
            words, reach = head[:comma], head[comma + 2].value     # "Заклинание песнь девы, дальность 3"
        kind = items[0].value.casefold()
        if kind.startswith("«"):
            # "«Опьянение»: если …": a name in quotes opening an ability
            return self._headed("named", items, name=items[0].value[1:-1], effect_kind="название")
        if kind not in ("воздействие", "заклинание"):
            # "Бестелесный: -1 от ударов": the card's keyword ability and what it does here
            return self._headed("named", items, name=items[0].value, effect_kind="особенность",
                                keyword=lexicon.word_lemma(items[0].value))
        limit = None
        if words and words[-1].type == "PAREN" and _LIMIT_WORDS.search(words[-1].value):
            # "Воздействие украсть оружие (1 раз за бой) …": the limit written after the name
            limit, words = words[-1].value[1:-1], words[:-1]
        name = quoted[0] if quoted else (self.text[words[0].start_pos:words[-1].end_pos] if words else None)
        return self._headed("named", items, name=name, effect_kind=kind, reach=reach, limit=limit)

    def cost(self, items: list[Token]) -> Token:
        return items[0]

    def _cost_node(self, cost: Token, body: Node, items: list[Any]) -> Node:
        """``cost`` node: icons paid, ``variable`` "X" for "X{counter}", a limit written
        before the colon ("{tap} (1 раз за ход):")."""
        icons = tuple(_ICON.findall(cost.value))
        x = "X" in cost.value.split("{", 1)[0] or bool(re.search(r"X\{", cost.value))
        paren = re.search(r"\(([^()]*)\)", cost.value)
        written = self.text[cost.start_pos:cost.end_pos]
        words = re.sub(r"^(\{[a-z0-9_]+\}\s*)*,?\s*", "", written).rstrip(" :")
        payment = words if re.match(r"[А-Яа-яЁё]", words) else None   # "закрыть стоящее рядом ваше существо"
        if payment and is_bare_tap(payment):
            payment, icons = None, ("tap",)     # "Закройте: …": the {tap} cost in words
        if payment:
            # the icons paid are those before the words ("{instant}, изгнать …"), not
            # the ones the words name ("снять X {health}")
            icons = tuple(_ICON.findall(written[:len(written) - len(written.lstrip("{}abcdefghijklmnopqrstuvwxyz0123456789_ "))]))
            x = False
        count = re.search(r"(?<![\d-])(\d+)\s*\{(counter|token|tok)\}", written)     # "3 {counter}{tap}:"
        top = self._node("cost", None, items, [body], icons=(icons if icons or not payment else None),
                         variable=("X" if x else None), payment=payment,
                         count=(int(count.group(1)) if count and not payment else None))
        if paren and _LIMIT_WORDS.search(paren.group(1)):
            top = _with_attrs(top, limit=paren.group(1))
        return top

    def costed(self, items: list[Any]) -> Node:
        """A cost inside a header's body ("Пока … — {tap}: Разряд на 1")."""
        return self._cost_node(items[0], items[1], items)

    def sentence(self, items: list[Any]) -> Node:
        head_limit = items[0] if isinstance(items[0], Token) and items[0].type == "LIMIT_HEAD" else None
        if head_limit is not None:
            items = items[1:]
        cost = items[0] if isinstance(items[0], Token) and items[0].type == "COST" else None
        limit = items[-1] if isinstance(items[-1], Token) and items[-1].type == "LIMIT" else None
        body = next(i for i in items if isinstance(i, Node))
        if cost is not None:
            top = self._cost_node(cost, body, items)
        else:
            top = replace(body, span=_span(items), text=self.text[_span(items)[0]:_span(items)[1]]) if limit else body
        if limit is not None:
            said = " ".join(_LIMIT.match(limit.value).group(1).split())
            split = _QUALIFIED_LIMIT.match(said)
            if split is not None and not _AMOUNT_LIMIT.match(split.group(1)) and not _USE_LIMIT.search(split.group(1)):
                # (not "(1 раз за ход, 3 раза за бой)": two counts of uses, both the ability's)
                # "(не по диагонали, 1 раз за ход)": the count limits the whole ability, the
                # words before it qualify its last effect (a note of that leaf)
                said = split.group(2)
                top = _note_last_leaf(top, split.group(1))
            top = _limit_trigger(top, said)
        else:
            top = self._lift_inner_limit(top)
        if head_limit is not None:
            # "Раз в ход: …": the limit covers the whole ability
            top = _with_attrs(top, limit=" ".join(head_limit.value.rstrip(": ,").split()))
            s, e = head_limit.start_pos, top.span[1]
            top = replace(top, span=(s, e), text=self.text[s:e])
        return top

    def _lift_inner_limit(self, top: Node) -> Node:
        """"При {strike} хозяина – возродить существо (один раз за ход), при этом – …", "…может
        объявить заклинание «…» (один раз за ход) – …": a count of uses written inside the
        sentence limits the whole ability — it goes to the nearest trigger or cost over it
        (or to the ability itself), unless it stands in one option of a choice, case or
        alternative (then it may be that option's own), or the sentence has other limits."""
        found: list[tuple[Node, list[tuple[Node, int]]]] = []

        def walk(n: Node, path: list[tuple[Node, int]]) -> None:
            for k, c in enumerate(n.children):
                p = [*path, (n, k)]
                if c.attr("limit"):
                    found.append((c, p))
                walk(c, p)

        if top.attr("limit"):
            return top
        walk(top, [])
        if len(found) != 1 or found[0][0].kind not in ("effect", "named"):
            return top
        node, path = found[0]
        if not _USE_LIMIT.search(str(node.attr("limit"))) or any(a.kind in _BRANCHING for a, _ in path):
            return top
        at = max((i for i, (a, _) in enumerate(path) if a.kind in ("trigger", "cost")), default=-1)
        if (at < 0 or path[at][0].kind == "cost") and all(len(a.children) == 1 for a, _ in path[at + 1:]):
            return top      # the limited node is the whole paid (or static) ability: its limit is that ability's
        stripped = replace(node, attrs=tuple((k, v) for k, v in node.attrs if k != "limit"))
        tail = self.text[node.span[0]:node.span[1]]
        m = re.search(r"\s*\([^()]*\)\s*$", tail)
        if node.kind == "effect" and m and _USE_LIMIT.search(m.group(0)) and m.start() > 0:
            e = node.span[0] + m.start()
            stripped = replace(stripped, span=(node.span[0], e), text=self.text[node.span[0]:e])

        def rebuild(n: Node, depth: int) -> Node:
            if depth == len(path):
                return stripped
            k = path[depth][1]
            kid = rebuild(n.children[k], depth + 1)
            out = replace(n, children=(*n.children[:k], kid, *n.children[k + 1:]))
            return _with_attrs(out, limit=node.attr("limit")) if depth == at else out

        out = rebuild(top, 0)
        return _with_attrs(out, limit=node.attr("limit")) if at < 0 else out

    def card(self, items: list[Any]) -> Node:
        nodes = [i for i in items if isinstance(i, Node)]
        if len(nodes) == 1:
            return nodes[0]
        return self._node("card", None, nodes, nodes)


def _keyword(items: list[Token]) -> dict[str, Any]:
    """Keyword ability ("Броня 2", "Телепортация", "Защита от магии", "Первый удар",
    "{armor}2"): ``{"keyword": name, "value": n}``; empty dict when the effect is not
    one (it has a verb, or is an effect on a value such as "Разряд на 2")."""
    note = None
    if len(items) > 1 and items[-1].type == "PAREN" and not _LIMIT_WORDS.search(items[-1].value):
        note = items[-1].value[1:-1]          # "Регенерация 1 (в начале хода излечивается на 1)"
        items = items[:-1]
    found = _keyword_core(items)
    if found and note:
        found["note"] = note
    return found


def _keyword_core(items: list[Token]) -> dict[str, Any]:
    types = [t.type for t in items]
    value = None
    if types and types[-1] == "NUMBER":
        value = items[-1].value
        items = items[:-1]
        types = types[:-1]
    if len(items) == 1 and types[0] == "ICON":
        return {"keyword": _ICON.search(items[0].value).group(1), "value": value}
    if not items or any(t != "WORD" for t in types) or len(items) > 4:
        return {}
    words = [t.value for t in items]
    if not (lexicon.is_noun(words[0]) or lexicon.is_adjective(words[0])):
        return {}
    if any(lexicon.is_predicate(w) for w in words) or words[-1].casefold() in ("на", "x"):
        return {}
    if not any(lexicon.is_noun(w) for w in words):
        return {}
    return {"keyword": " ".join(words), "value": value}
