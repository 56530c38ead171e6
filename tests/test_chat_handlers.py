"""Transport-neutral chat handling (bot.chat.handlers, bot.chat.nav)."""

from __future__ import annotations

import sys

import pytest

from bot.answer import Answer, Block
from bot.chat import handlers, nav
from bot.chat.handlers import Button, Command, Ctx, handle, parse_command, payload_number, strip_mention
from bot.chat.render import render_reply_plain, reply_json
from bot.errors import ParseError
from chat_support import EDITION, edition  # noqa: F401 - pytest fixture


def test_parse_command_keeps_newlines_and_target():
    assert parse_command("/rule@Judge_Bot 209.5") == Command("rule", "209.5", "Judge_Bot")
    assert parse_command("/scenario\nfield:\n  a: 1\n") == Command("scenario", "field:\n  a: 1", None)
    assert parse_command("/RULE 209") == Command("rule", "209", None)
    assert parse_command("Можно ли /rule?") is None
    assert parse_command("/rule209") == Command("rule209", "", None)


def test_strip_mention_and_payloads():
    assert strip_mention("@judge_bot можно ли?", "judge_bot") == ("можно ли?", True)
    assert strip_mention("можно ли, @JUDGE_BOT?", "judge_bot") == ("можно ли, ?", True)
    assert strip_mention("email a@judge_bot.ru", "judge_bot")[1] is False
    assert strip_mention("@judge_botx привет", "judge_bot")[1] is False
    assert payload_number("r209_5") == ("r", "209.5")
    assert payload_number("s209") == ("s", "209")
    assert payload_number("r505_4_1") == ("r", "505.4.1")
    assert payload_number("hello") is None
    assert handlers.deep_link_payload("505.4.1") == "r505_4_1"


def _recording(monkeypatch, module: str, function: str, answer: Answer):
    """Replace ``module.function`` by a fake that records its arguments and returns
    ``answer``; returns the list of recorded argument tuples."""
    calls = []

    def fn(*args):
        calls.append(args)
        return answer

    monkeypatch.setattr(f"{module}.{function}", fn)
    return calls


@pytest.mark.parametrize(
    "text, module, function, expected_args",
    [
        ("/rule 209.5", "bot.lookup", "rule_answer", ("209.5", "5ed")),
        ("/search симбиот  летающий", "bot.search", "search_answer", ("симбиот  летающий", 5, "5ed")),
        ("/parse Закрыть: нанесите 2 раны", "bot.abilities.parser", "parse_answer", ("Закрыть: нанесите 2 раны",)),
        ("/scenario\nboard:\n  - x\n", "bot.sim.scenario", "scenario_answer", ("board:\n  - x",)),
        ("/glossary хозяин", "bot.glossary", "glossary_answer", ("хозяин", "5ed")),
        ("/glossary", "bot.glossary", "glossary_answer", (None, "5ed")),
        ("Можно ли положить симбиота?", "bot.judge", "ask", ("Можно ли положить симбиота?", "5ed")),
    ],
)
def test_commands_call_the_owning_contract_function(monkeypatch, text, module, function, expected_args):
    ans = Answer(question=text, route="search", blocks=[Block("text", "ответ")], citations=["209.4"])
    calls = _recording(monkeypatch, module, function, ans)
    reply = handle(text, Ctx())
    assert calls == [expected_args]
    assert reply.answers == [ans]


def test_explain_passes_the_text_and_a_default_outcome(monkeypatch):
    ans = Answer(question="x", route="ability", blocks=[Block("steps", items=("1. нанесите 2 раны (505.4.1)",))])
    calls = _recording(monkeypatch, "bot.abilities.resolve", "explain_answer", ans)
    assert handle("/explain Нанесите 2 раны; излечите 1").answers == [ans]
    assert calls[0][0] == "Нанесите 2 раны; излечите 1"


def test_every_command_resolves_to_a_real_function():
    """Each command's owning module and function ship with the bot (a missing one is a
    packaging bug that must fail loudly, not become a user message)."""
    owned = {name: spec for name, spec in handlers.COMMANDS.items() if spec.module}
    assert sorted(owned) == ["card", "explain", "glossary", "parse", "reading", "rule", "scenario", "search"]
    for spec in [*owned.values(), handlers.ASK_SPEC]:
        fn = handlers.command_function(spec)
        assert callable(fn) and fn.__module__ == spec.module and fn.__name__ == spec.function
    assert [n for n, s in handlers.COMMANDS.items() if not s.module] == ["start", "help", "edition"]


def test_a_missing_owning_module_raises_instead_of_answering(monkeypatch):
    monkeypatch.setitem(sys.modules, "bot.sim.scenario", None)  # a broken install
    with pytest.raises(ModuleNotFoundError):
        handle("/scenario\nfield: {}")


def test_rules_errors_become_a_russian_note(monkeypatch):
    def boom(text):
        raise ParseError("не понял текст карты: позиция 3, ожидалось «:»", position=3, expected="«:»")

    monkeypatch.setattr("bot.abilities.parser.parse_answer", boom)
    ans = handle("/parse ab?").answers[0]
    assert ans.route == "error" and "позиция 3" in ans.text


def test_usage_hints_and_unknown_commands():
    assert "Пример: /rule 209.5" in handle("/rule").answers[0].text
    assert "Неизвестная команда /foo" in handle("/foo").answers[0].text
    help_text = handle("/help").answers[0].text
    for name in handlers.COMMANDS:
        assert f"/{name}" in help_text
    assert "Здравствуйте" in handle("/start").answers[0].text


def test_group_addressing(monkeypatch):
    calls = _recording(monkeypatch, "bot.judge", "ask", Answer(question="q", route="search", blocks=[Block("text", "ок")]))
    g = Ctx(bot_username="judge_bot", group=True)
    assert handle("Можно ли положить симбиота?", g).empty
    assert handle("/rule@other_bot 209.5", g).empty
    assert handle("/unknown", g).empty
    assert not handle("/unknown@judge_bot", g).empty
    assert handle("@judge_bot Можно ли положить симбиота?", g).answers[0].text == "ок"
    assert not handle("А если летающее?", Ctx(bot_username="judge_bot", group=True, reply_to_bot=True)).empty
    assert calls == [("Можно ли положить симбиота?", "5ed"), ("А если летающее?", "5ed")]
    # private chat: everything is for the bot
    assert not handle("Можно ли?", Ctx(bot_username="judge_bot")).empty
    assert "Команды" in handle("@judge_bot", g).answers[0].text


def test_navigation_buttons_for_a_paragraph(edition):
    ans = Answer(question="/rule 209.5", route="rule", blocks=[Block("rule", "…", number="209.5")], citations=["209.5"])
    assert nav.buttons_for(ans, EDITION) == [
        [Button("◀ 209.4", "r:209.4"), Button("209.6 ▶", "r:209.6")],
        [Button("Раздел 209", "s:209"), Button("Ссылаются (1)", "c:209.5")],
    ]
    first = Answer(question="/rule 209.4", route="rule", citations=["209.4"])
    assert nav.buttons_for(first, EDITION) == [[Button("209.5 ▶", "r:209.5")], [Button("Раздел 209", "s:209"), Button("Ссылаются (1)", "c:209.4")]]
    section = Answer(question="/rule 209", route="rule", citations=["209"])
    assert nav.buttons_for(section, EDITION) == [[Button("Раздел 212 ▶", "s:212")]]
    assert nav.buttons_for(Answer(question="q", route="search", citations=["209.5"]), EDITION) == []


def test_cited_by_callback_shows_citing_paragraphs(edition):
    reply = handlers.callback("c:209.4", Ctx(edition=EDITION))
    ans = reply.answers[0]
    assert ans.citations == ["212.3"]
    assert [b.number for b in ans.blocks if b.kind == "rule"] == ["212.3"]
    assert reply.buttons == [[Button("↩ 209.4", "r:209.4")]]
    none = handlers.callback("c:212.3", Ctx(edition=EDITION)).answers[0]
    assert "не ссылается ни один" in none.text
    missing = handlers.callback("c:209.9", Ctx(edition=EDITION)).answers[0]
    assert missing.route == "error" and "209.9" in missing.text and "209.4" in missing.text


def test_stale_button_data_is_explained():
    assert "устарела" in handlers.callback("zz:1").answers[0].text


def test_plain_and_json_renderings_of_a_reply():
    reply = handlers.Reply([Answer(question="q", route="rule", blocks=[Block("rule", "Текст", number="209.5")], citations=["209.5"])],
                           [[Button("209.6 ▶", "r:209.6")]])
    assert render_reply_plain(reply) == "209.5. Текст\n\nПункты: 209.5\n"
    assert reply_json(reply) == {
        "answers": [{"question": "q", "route": "rule", "edition": None, "verdict": None, "answer": "209.5. Текст",
                     "citations": ["209.5"], "cited": [{"number": "209.5", "edition": None}], "trace": [],
                     "verdict_source": None, "sentence": None, "reading": None, "unread": []}],
        "buttons": [[{"text": "209.6 ▶", "data": "r:209.6"}]],
    }


def test_explain_flags_are_read_like_the_cli():
    ns, text = handlers.split_explain_flags("--failed 1 --illegal=2 --refuse --choose 2 --declare 1,3 --no-resources Уничтожить – разряд на 4")
    assert (ns.failed, ns.illegal, ns.refuse, ns.choose, ns.declare, ns.no_resources) == ([1], [2], True, [2], ["1,3"], True)  # lists, as argparse append gives
    assert text == "Уничтожить – разряд на 4"
    ns, text = handlers.split_explain_flags("Нанесите 2 раны --failed 1")
    assert ns.failed == [] and text == "Нанесите 2 раны --failed 1"  # flags only at the start
    assert handlers.split_explain_flags("--choose x text") == (None, "--choose x: ожидался номер части (1, 2, …).")
    ns, msg = handlers.split_explain_flags("--failed 1 --bogus Ранить существо на 2")
    assert ns is None and msg.startswith("--bogus: неизвестный флаг")
    assert handlers.split_explain_flags("--failed") == (None, "--failed: после флага нужен номер части (1, 2, …), затем текст карты.")


def test_explain_with_an_outcome_on_the_real_resolver():
    ans = handle("/explain --failed 1 Уничтожить ваше существо – разряд на 4").answers[0]
    assert ans.route == "ability" and ans.verdict.startswith("Не выполняется")
    assert ans.citations[0] == "505.4.2"
    bad = handle("/explain --failed 7 Уничтожить ваше существо – разряд на 4").answers[0]
    assert bad.route == "error" and "--failed 7" in bad.text


def test_reading_command_gives_yaml_that_scenario_accepts_back():
    """Issue 11: the compiled reading of a question, as YAML, runs unchanged with /scenario."""
    r = handlers.handle("/reading Посадил симба на своего орка. Потом орка застрелили. Что с симбом?")
    code = [b for b in r.answers[0].blocks if b.kind == "code"]
    assert code and "die: Орк" in code[0].text
    back = handlers.handle("/scenario " + code[0].text)
    assert back.answers[0].verdict == "сценарий выполнен", back.answers[0]
    undone = handlers.handle("/reading Можно ли повесить шмотку на фиолетовое существо?")
    assert "«фиолетовое»" in undone.answers[0].blocks[0].text
