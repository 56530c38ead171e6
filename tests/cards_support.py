"""Invented card files for the card-database tests (no real card text: names and texts
are written for the tests in the style of the game), and a fixture giving each test
its own empty store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

# 2023+ edition dump style: {tap}-style icons, numeric type/color codes.
NXT_CARDS = [
    {"id": "90001", "set_id": 90, "number": 1, "name": "Гном-камнетёс", "cost": 5, "elite": False, "uniq": False,
     "color": 2, "class": ["Гном"], "type": 0, "life": 9, "move": 1, "hit": [1, 2, 3], "icons": {},
     "text": "{tap}: Ранить выбранное существо на 2; получить {counter}."},
    {"id": "90002", "set_id": 90, "number": 2, "name": "Топяной тролль", "cost": 6, "elite": True, "uniq": False,
     "color": 8, "class": ["Тролль"], "type": 0, "life": 11, "move": 1, "hit": [2, 3, 4], "icons": {},
     "text": "Уничтожить ваше существо – разряд на 4."},
    {"id": "90003", "set_id": 90, "number": 3, "name": "Светлячок-помощник", "cost": 2, "elite": False, "uniq": False,
     "color": 4, "class": [""], "type": 2, "life": 3, "move": None, "hit": [0, 0, 0], "icons": {},
     "text": "Хозяин получает +1 к {move}."},
    {"id": "90004", "set_id": 90, "number": 4, "name": "Дхиру", "cost": 3, "elite": False, "uniq": True,
     "color": 8, "class": ["Дух"], "type": 3, "life": 5, "move": None, "hit": [1, 1, 2], "icons": {"inc": 0},
     "text": "Бестелесный: -2 от немагических атак. Хозяин получает -1 к {strike}."},
    {"id": "90005", "set_id": 90, "number": 5, "name": "Огнекрыл", "cost": 7, "elite": True, "uniq": False,
     "color": 16, "class": ["Дракон"], "type": 1, "life": 8, "move": None, "hit": [2, 3, 3], "icons": {},
     "text": "{tap}: Ранить выбранное существо на 2 или излечить ваше существо на 2."},
    {"id": "90006", "set_id": 90, "number": 6, "name": "Башня Ветров", "cost": 3, "elite": False, "uniq": False,
     "color": 32, "class": [""], "type": 4, "life": None, "move": None, "hit": None, "icons": {},
     "text": "{tap}: Выбранное существо получает {counter}."},
    {"id": "90007", "set_id": 90, "number": 7, "name": "Мшистые Топи", "cost": 2, "elite": False, "uniq": False,
     "color": 8, "class": ["Болото"], "type": 5, "life": None, "move": None, "hit": None, "icons": {}, "text": ""},
]

# classic Berserk Online style: [:x] icons, letter codes, inflections in "case".
CLASSIC_CARDS = [
    {"type": "c", "health": "10", "kick": [2, 3, 4], "steps": 1, "race": "m", "name": "Каменный Страж",
     "proto": "m_kamennyj_strazh", "crystal": "gold", "crystalCount": 6, "abilities": [], "series": "9",
     "desc": "[:tap]: Закрыть выбранное существо противника, при этом - ранить его на 1.",
     "case": {"nom": "Каменный Страж", "gen": "Каменного Стража", "dat": "Каменному Стражу"}},
    {"type": "c", "health": "7", "kick": [1, 2, 2], "steps": 2, "race": "d", "name": "Призрачный дозорный",
     "proto": "d_prizrachnyj_dozornyj", "crystal": "silver", "crystalCount": 4, "abilities": [], "series": "9",
     "desc": "Бестелесный. -1 от [:atk]."},
    {"type": "e", "race": "m", "name": "Кольчуга Предков", "proto": "m_kolchuga_predkov", "typeEquipment": "d",
     "crystal": "silver", "crystalCount": 2, "abilities": ["eqip"], "series": "9",
     "desc": "Доспех. Хозяин получает -1 от [:atk]."},
    {"type": "a", "health": 8, "race": "n", "name": "Маяк Заката", "proto": "n_mayak_zakata", "crystal": "gold",
     "crystalCount": 3, "abilities": ["artefact", "unique"], "series": "9",
     "desc": "[:unq]. [:tap]: Излечить ваше существо на 2."},
    {"type": "c", "health": "6", "kick": [1, 1, 2], "steps": 1, "race": "s", "name": "Летучий ястреб",
     "proto": "s_letuchij_yastreb", "crystal": "silver", "crystalCount": 3, "abilities": [], "fly": "1",
     "series": "9", "desc": "Может атаковать летающих существ."},
]

CSV_HEADER = "name;type;traits;element;cost;elite;unique;lives;movement;strikes;set;number;text\n"
CSV_ROWS = [
    "Ведьма Сумерек;существо;;тьма;4;нет;да;7;1;1-2-2;77;1;{tap}: Выбранное существо противника получает -1 к {strike}.\n",
    "Слизень-прилипала;паразит;;болота;2;нет;нет;3;;1-1-1;77;2;Хозяин не может двигаться.\n",
    "Щитоносец;существо;;горы;3;нет;нет;8;1;1-2-2;77;3;\n",
]


def write_json(path: Path, cards: list, encoding: str = "utf-8") -> Path:
    path.write_text(json.dumps(cards, ensure_ascii=False), encoding=encoding)
    return path


def write_csv(path: Path, rows: list[str] = CSV_ROWS, header: str = CSV_HEADER, encoding: str = "utf-8") -> Path:
    path.write_bytes((header + "".join(rows)).encode(encoding))
    return path


@pytest.fixture
def card_home(tmp_path, monkeypatch):
    """An empty user data folder (the store's SQLite file goes there) and no
    DATABASE_URL; store connections and the card index are reset around the test."""
    from bot import paths
    from bot.cards import index
    from bot.store import close_all

    monkeypatch.setenv(paths.USER_DIR_ENV, str(tmp_path / "user"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    close_all()
    index.invalidate()
    yield tmp_path
    close_all()
    index.invalidate()


@pytest.fixture
def all_formats(card_home):
    """The three invented files imported into the test's store; returns the report."""
    from bot.cards.importer import import_files

    d = card_home
    return import_files([str(write_json(d / "nxt.json", NXT_CARDS)), str(write_json(d / "classic.json", CLASSIC_CARDS)),
                         str(write_csv(d / "cards.csv"))])
