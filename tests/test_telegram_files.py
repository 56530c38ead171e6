"""Telegram messages with a file or media instead of text (bot.chat.tg_files): a scenario
file runs as /scenario; anything else gets a Russian note instead of silence; groups
hear the bot only when they address it. Offline: a real PTB Application over the
recording FakeRequest, which also serves getFile and the file download."""

from __future__ import annotations

from pathlib import Path

from bot.limits import SCENARIO_FILE_BYTES
from chat_support import FakeRequest, app_session, file_update, message_update, run
from test_chat_html import assert_valid_telegram_html

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = (ROOT / "scenarios" / "209_4_host_becomes_flying.yaml").read_bytes()


def _session(*updates, files: dict[str, bytes] | None = None) -> FakeRequest:
    return run(app_session(list(updates), edition="5ed", files=files))


def _texts(req: FakeRequest) -> list[str]:
    out = [p["text"] for p in req.sent("sendMessage")]
    for t in out:
        assert_valid_telegram_html(t)
    return out


def test_a_yaml_file_runs_as_a_scenario():
    req = _session(file_update("209_4.yaml", file_size=len(SCENARIO)), files={"doc1": SCENARIO})
    (text,) = _texts(req)
    assert "<b>Вердикт:</b> сценарий выполнен" in text and ">209.4</a>" in text
    assert req.sent("getFile") == [{"file_id": "doc1"}]


def test_a_text_file_with_the_scenario_caption_runs_too_and_a_broken_one_says_where():
    broken = b"title: t\nstate:\n  cards: [\n"
    req = _session(file_update("s.txt", caption="/scenario", file_id="a"), file_update("b.yml", file_id="b"),
                   files={"a": SCENARIO, "b": broken})
    ran, refused = _texts(req)
    assert "<b>Вердикт:</b> сценарий выполнен" in ran
    assert "Сценарий не загружен" in refused and "строка 4" in refused


def test_a_file_that_is_too_big_or_not_utf8_is_refused_in_russian_before_or_after_download():
    big = _session(file_update("big.yaml", file_size=SCENARIO_FILE_BYTES + 1), files={"doc1": b"x"})
    (text,) = _texts(big)
    assert "big.yaml" in text and "не больше 400 КБ" in text
    assert big.sent("getFile") == []   # refused by its announced size: never downloaded
    cp = _session(file_update("cp.yaml"), files={"doc1": "title: Привет\n".encode("cp1251")})
    (text,) = _texts(cp)
    assert "cp.yaml: не читается как UTF-8" in text and "cp1251" in text
    gone = _session(file_update("gone.yaml"), files={})   # the download fails (404)
    (text,) = _texts(gone)
    assert "Файл «gone.yaml» не удалось получить у Telegram" in text


def test_photos_stickers_voice_and_other_documents_get_a_note_not_silence():
    req = _session(file_update(None, media="photo"), file_update(None, media="sticker"),
                   file_update(None, media="voice"), file_update("rules.pdf"), file_update("deck.txt"))
    texts = _texts(req)
    assert len(texts) == 5
    assert all("я не читаю — только текст" in t and "файлом .yaml" in t for t in texts)
    assert req.sent("getFile") == []


def test_groups_hear_about_files_only_when_they_address_the_bot():
    quiet = _session(file_update(None, media="sticker", chat_type="supergroup"),
                     file_update("s.yaml", chat_type="supergroup"),
                     file_update("s.yaml", caption="/scenario@other_bot", chat_type="supergroup"),
                     files={"doc1": SCENARIO})
    assert quiet.sent("sendMessage") == [] and quiet.sent("getFile") == []
    spoken = _session(file_update(None, media="photo", chat_type="supergroup", reply_to_bot=True),
                      file_update("s.yaml", caption="/scenario@judge_bot", chat_type="supergroup"),
                      files={"doc1": SCENARIO})
    note, ran = _texts(spoken)
    assert "я не читаю" in note and "<b>Вердикт:</b> сценарий выполнен" in ran
    assert all(p.get("reply_parameters") for p in spoken.sent("sendMessage"))   # replies in the group


def test_service_messages_stay_unanswered():
    upd = message_update("x")
    msg = upd["message"]
    del msg["text"]
    msg["new_chat_members"] = [{"id": 8, "is_bot": False, "first_name": "Новичок"}]
    assert _session(upd).sent("sendMessage") == []


def test_a_malformed_getfile_answer_is_a_russian_note_not_an_apology():
    # a self-hosted Bot API answering getFile with «true», or with no file_path (qa5)
    for answer in ({"ok": True, "result": True}, {"ok": True, "result": {"file_id": "doc1", "file_unique_id": "u"}}):
        req = run(app_session([file_update("s.yaml")], edition="5ed", files={"doc1": SCENARIO}, fail={"getFile": [(200, answer)]}))
        (text,) = _texts(req)
        assert "Файл «s.yaml» не удалось получить у Telegram (" in text and "Извините" not in text, text
