"""Telegram HTML renderer and splitter (bot.chat.html): escaping, links, limits."""

from __future__ import annotations

from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.answer import Answer, Block
from bot.chat.html import (
    Piece,
    deep_links,
    escape_linkified,
    html_to_plain,
    no_links,
    render_answer_html,
    render_reply_html,
    rules_url_links,
    split_messages,
    split_plain,
)

ALLOWED_TAGS = {"b", "i", "a", "pre", "code", "blockquote"}


class _Balance(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in ALLOWED_TAGS:
            self.errors.append(f"tag {tag}")
        self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unbalanced </{tag}>")
        else:
            self.stack.pop()


def assert_valid_telegram_html(message: str) -> None:
    """Only Telegram's tags, properly nested and closed; no bare «<» or «&»."""
    p = _Balance()
    p.feed(message)
    p.close()
    assert not p.errors, p.errors
    assert not p.stack, f"unclosed {p.stack}"
    stripped = html_to_plain(message)  # noqa: F841 - must not raise
    for i, ch in enumerate(message):
        if ch == "&":
            assert message[i:].split(";", 1)[0] in ("&amp", "&lt", "&gt", "&quot", "&#x27"), message[i:i + 10]


def test_hostile_text_is_escaped():
    a = Answer(question="q", route="search", verdict="<b>Да</b> & нет",
               blocks=[Block("text", "Вопрос: <b>жирный & </i> <script>"), Block("note", "a < b > c")],
               citations=["209.4"])
    out = render_answer_html(a)
    assert "&lt;b&gt;Да&lt;/b&gt; &amp; нет" in out
    assert "&lt;b&gt;жирный &amp; &lt;/i&gt; &lt;script&gt;" in out
    assert "<i>a &lt; b &gt; c</i>" in out
    assert_valid_telegram_html(out)


def test_numbers_become_links_to_the_rules_site():
    link = rules_url_links("https://example.org/rules/5ed.html")
    out = escape_linkified("См. 209.4 и п. 503; но не 1.5 и не 2024 год, а 505.4.1.", link)
    assert '<a href="https://example.org/rules/5ed.html#209.4">209.4</a>' in out
    assert '<a href="https://example.org/rules/5ed.html#503">503</a>' in out
    assert '<a href="https://example.org/rules/5ed.html#505.4.1">505.4.1</a>.' in out
    assert "1.5" in out and "#1.5" not in out and "#2024" not in out


def test_deep_links_and_rule_block_head():
    a = Answer(question="/rule 209.5", route="rule", blocks=[Block("rule", "Текст & <правила>", number="209.5")], citations=["209.5"])
    out = render_answer_html(a, deep_links("judge_bot"))
    assert out.startswith('<b><a href="https://t.me/judge_bot?start=r209_5">209.5</a>.</b> Текст &amp; &lt;правила&gt;')
    assert "<b>Пункты:</b> <a" in out


def test_search_marks_become_bold_and_stray_asterisks_stay():
    out = render_answer_html(Answer(question="q", route="search", blocks=[Block("text", "209.6 — На *симбиота* <нельзя> * помещать *другого")]),
                             lambda n: "https://x/#" + n)
    assert out == '<a href="https://x/#209.6">209.6</a> — На <b>симбиота</b> &lt;нельзя&gt; * помещать *другого'


def test_link_function_can_refuse_numbers():
    out = escape_linkified("209.4 и 999.9", lambda n: "https://x/#" + n if n == "209.4" else None)
    assert out == '<a href="https://x/#209.4">209.4</a> и 999.9'


def test_long_answer_is_split_at_block_boundaries_under_the_limit():
    blocks = [Block("rule", ("Симбиот погибает & <не> выживает. " * 12).strip(), number=f"209.{i}") for i in range(1, 60)]
    a = Answer(question="q", route="rule", blocks=blocks, citations=["209.1"])
    msgs = render_reply_html([a], deep_links("judge_bot"))
    assert len(msgs) > 1
    for m in msgs:
        assert len(m) <= 4096
        assert_valid_telegram_html(m)
        assert m.startswith("<b><a") or m.startswith("<b>Пункты")  # each message starts with a whole block
    joined = "\n\n".join(msgs)
    assert joined == render_answer_html(a, deep_links("judge_bot"))  # nothing lost, nothing reordered


def test_a_single_huge_piece_is_cut_between_words_and_rewrapped():
    text = "\n".join(f"строка {i} " + "слово " * 30 for i in range(200))
    a = Answer(question="q", route="parse", blocks=[Block("code", text)])
    msgs = render_reply_html([a], no_links, limit=1000)
    assert len(msgs) > 5
    for m in msgs:
        assert len(m) <= 1000
        assert m.startswith("<pre>") and m.endswith("</pre>")
        assert_valid_telegram_html(m)
    plain = " ".join(html_to_plain(m) for m in msgs).split()
    assert plain == text.split()


def test_split_plain_prefers_paragraphs():
    text = "\n\n".join("абзац " * 100 for _ in range(20))
    parts = split_plain(text, 1000)
    assert all(len(p) <= 1000 for p in parts)
    assert " ".join(parts).split() == text.split()


_texts = st.text(alphabet=st.sampled_from(list("абв <>&;/\"'*bi209.5\n")), min_size=0, max_size=400)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["text", "rule", "note", "code", "list", "steps"]), _texts, st.lists(_texts, max_size=3)), min_size=1, max_size=8),
       st.integers(min_value=120, max_value=600))
def test_any_answer_splits_into_valid_messages(spec, limit):
    blocks = [Block(kind, text, number="209.5" if kind == "rule" else None, items=tuple(items)) for kind, text, items in spec]
    a = Answer(question="q", route="search", verdict="<i>", blocks=blocks, citations=["209.4"])
    msgs = render_reply_html([a], deep_links("judge_bot"), limit=limit)
    for m in msgs:
        assert len(m) <= limit
        assert_valid_telegram_html(m)
    # a split may separate a *mark* pair (then its asterisks stay literal): compare without them
    def squash(t: str) -> str:
        return "".join(t.replace("*", "").split())

    assert squash("".join(html_to_plain(m) for m in msgs)) == squash(html_to_plain(render_answer_html(a, deep_links("judge_bot"))))


def test_split_messages_keeps_small_blocks_together():
    blocks = [[Piece("один")], [Piece("два")], [Piece("три")]]
    assert split_messages(blocks) == ["один\n\nдва\n\nтри"]
    assert split_messages(blocks, limit=10) == ["один\n\nдва", "три"]
