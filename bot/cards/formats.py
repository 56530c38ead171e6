"""Card database files -> rows of card fields (``berserk-judge cards import``, issue 15).

Three formats, told apart by ``detect`` (or named with ``--format``):

- ``nxt``: a JSON list of 2023+ edition cards (``name``, ``set_id``, ``number``, ``type``,
  ``color``, ``life``, ``move``, ``hit``, ``text`` with ``{tap}`` icons, …);
- ``classic``: a JSON list of classic Berserk Online cards (``name``, ``type`` letter,
  ``race``, ``crystal``, ``health``, ``steps``, ``kick``, ``desc`` with ``[:x]`` icons,
  ``case`` inflections, …);
- ``csv``: a spreadsheet with a header row (separator «,», «;» or tab).

Every code, word and column name comes from grammar/card_formats.yaml. ``read_file``
returns ``Row``s: card fields in one neutral shape (``fields``) or the Russian reason the
row was rejected; the file as a whole is refused (``CardImportError``) only when it
cannot be read at all (too large, not text, not a list of cards, too many rows).
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from typing import Any

from bot.cards.model import TRAITS, vocabulary
from bot.errors import BerserkError

FORMATS = ("nxt", "classic", "csv")

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Largest card file accepted (bytes): real dumps of every published card are ~1 MB."""
MAX_ROWS = 100_000
"""Most rows (cards) read in one import; every card ever printed is a few thousand."""
MAX_NAME = 120
"""Longest card name (characters)."""
MAX_TEXT = 5_000
"""Longest ability text (characters); real texts are well under 1,000."""
MAX_FIELD = 200
"""Longest other text field (set, class, element, …)."""
MAX_NUMBER = 999
"""Largest cost / lives / movement / strike value accepted."""


class CardImportError(BerserkError):
    """A card file cannot be imported at all (Russian message naming the file and what
    was expected); nothing was written to the store."""


@dataclass
class Row:
    """One row of a card file: ``where`` («запись 12», «строка 7»), and either ``fields``
    (the neutral card fields, see ``neutral``) or ``error`` (why it is rejected)."""

    where: str
    fields: dict[str, Any] | None = None
    error: str | None = None


@dataclass
class FileRows:
    """What ``read_file`` read: the format, the rows, and notes for the report
    (an encoding that was not UTF-8, …)."""

    path: str
    format: str
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# -- bytes -> text ---------------------------------------------------------------------
def decode(raw: bytes, path: str) -> tuple[str, str | None]:
    """The text of a card file and a note about its encoding (``None`` for UTF-8):
    ``bot.textfile.decode_text`` with UTF-16 and cp1251 allowed (the common Windows
    Russian encoding of spreadsheets). Raises ``CardImportError`` for a binary file
    or an encoding that is none of these."""
    from bot.errors import InputFileError
    from bot.textfile import decode_text

    try:
        return decode_text(raw, path, "файл с картами (JSON или CSV)", legacy=True)
    except InputFileError as e:
        raise CardImportError(str(e)) from None


def read_bytes(path: str) -> bytes:
    """The bytes of a card file, at most ``MAX_FILE_BYTES``. Raises ``CardImportError``
    (missing, a folder, no permission, too large)."""
    from bot.errors import InputFileError
    from bot.textfile import check_regular_file

    try:
        p = check_regular_file(path, "файл с картами (JSON или CSV)")
    except InputFileError as e:
        raise CardImportError(str(e)) from None
    size = p.stat().st_size
    if size > MAX_FILE_BYTES:
        raise CardImportError(f"{path}: файл слишком большой ({size} байт, не больше {MAX_FILE_BYTES}).")
    try:
        return p.read_bytes()
    except OSError as e:
        from bot.textfile import os_reason

        raise CardImportError(f"{path}: не удаётся прочитать ({os_reason(e)}).") from None


# -- format detection --------------------------------------------------------------------
def detect(text: str, path: str) -> str:
    """``nxt`` | ``classic`` | ``csv`` for a file's text: a JSON list whose objects have
    ``text`` (and ``type``, ``set_id``, ``hit`` or ``color``) is ``nxt``; with ``desc`` (or ``crystal``) is
    ``classic``; text that is not JSON is ``csv``. Raises ``CardImportError`` for JSON
    that is not a list of card objects."""
    s = text.lstrip()
    if not s.startswith(("[", "{")):
        return "csv"
    data = _load_json(text, path)
    sample = [x for x in data[:50] if isinstance(x, dict)]
    if not sample:
        raise CardImportError(f"{path}: в JSON-списке нет ни одного объекта карты.")
    # README documents the 2023+ dump by name, type and text: "type" alone suffices
    # (the classic base writes its text in "desc", never "text")
    nxt = sum(1 for x in sample if "text" in x and ("set_id" in x or "hit" in x or "color" in x or "type" in x))
    classic = sum(1 for x in sample if "desc" in x or "crystal" in x)
    if nxt == classic == 0:
        raise CardImportError(f"{path}: формат JSON не распознан: у карт нет полей text (редакция 2023+) "
                              "или desc (классическая база); укажите --format.")
    return "nxt" if nxt >= classic else "classic"


# json / csv problem texts -> Russian (first matching fragment wins)
_JSON_PROBLEMS_RU = (
    ("Expecting value", "здесь ожидалось значение"),
    ("Expecting property name", "ожидалось имя поля в двойных кавычках"),
    ("Expecting ',' delimiter", "ожидалась запятая между элементами"),
    ("Expecting ':' delimiter", "ожидалось двоеточие после имени поля"),
    ("Unterminated string", "строка в кавычках не закрыта"),
    ("Invalid control character", "управляющий символ внутри строки"),
    ("Invalid \\uXXXX escape", "неверный код символа «\\u…»"),
    ("Invalid \\escape", "неизвестная экранированная последовательность «\\…»"),
    ("Extra data", "лишний текст после конца JSON"),
)
_CSV_PROBLEMS_RU = (
    ("field larger than field limit", f"поле длиннее {MAX_TEXT * 4} символов (незакрытая кавычка?)"),
    ("line contains NUL", "нулевой байт в строке"),
    ("unexpected end of data", "файл кончился внутри кавычек: кавычка не закрыта"),
    ("new-line character seen in unquoted field", "перенос строки внутри поля без кавычек"),
    ("expected after", "после закрывающей кавычки ожидался разделитель"),
)
_TYPE_RU = {"dict": "словарь", "str": "строка", "int": "число", "float": "число", "bool": "true/false",
            "NoneType": "null"}


def _problem_ru(message: str, table: tuple[tuple[str, str], ...], default: str) -> str:
    return next((ru for fragment, ru in table if fragment in message), default)


def _load_json(text: str, path: str) -> list:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        why = _problem_ru(e.msg, _JSON_PROBLEMS_RU, "синтаксическая ошибка JSON")
        raise CardImportError(f"{path}: строка {e.lineno}, столбец {e.colno}: это не JSON ({why}); "
                              "ожидался список карт.") from None
    except RecursionError:
        raise CardImportError(f"{path}: слишком глубокая вложенность JSON; ожидался список карт.") from None
    except ValueError:  # an integer of thousands of digits (int_max_str_digits)
        raise CardImportError(f"{path}: в JSON слишком длинное число (тысячи цифр); ожидался список карт.") from None
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list)]
        if len(lists) == 1:
            data = lists[0]
    if not isinstance(data, list):
        raise CardImportError(f"{path}: ожидался JSON-список карт, а в файле {_TYPE_RU.get(type(data).__name__, 'другое значение')}.")
    if len(data) > MAX_ROWS:
        raise CardImportError(f"{path}: слишком много карт ({len(data)}, не больше {MAX_ROWS}).")
    return data


def read_file(path: str, fmt: str = "auto") -> FileRows:
    """Read one card file into rows (see the module docstring). ``fmt``: ``auto`` or one
    of ``FORMATS``. Raises ``CardImportError`` when the file cannot be read at all."""
    text, note = decode(read_bytes(path), path)
    if not text.strip():
        raise CardImportError(f"{path}: пустой файл; ожидался список карт: JSON (редакция 2023+ или классическая "
                              "база) или CSV со строкой заголовков (name, type, text, …).")
    if fmt == "auto":
        fmt = detect(text, path)
    if fmt not in FORMATS:
        raise CardImportError(f"неизвестный формат «{fmt}»: ожидалось auto, nxt, classic или csv.")
    out = FileRows(path, fmt, notes=[note] if note else [])
    if fmt == "csv":
        out.rows = _csv_rows(text, path)
        return out
    reader = _nxt_fields if fmt == "nxt" else _classic_fields
    for i, obj in enumerate(_load_json(text, path), 1):
        where = f"запись {i}"
        if not isinstance(obj, dict):
            out.rows.append(Row(where, error="не объект карты"))
            continue
        try:
            out.rows.append(Row(where, fields=check_fields(reader(obj))))
        except _Reject as r:
            out.rows.append(Row(where, error=str(r)))
    return out


# -- field checks ------------------------------------------------------------------------
class _Reject(Exception):
    """A row that cannot become a card; the message is the Russian reason."""


def _str(v: Any, what: str, limit: int = MAX_FIELD) -> str | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (str, int, float)):
        raise _Reject(f"поле «{what}»: ожидался текст")
    s = str(v).strip()
    if len(s) > limit:
        raise _Reject(f"поле «{what}» слишком длинное ({len(s)} символов, не больше {limit})")
    return s or None


def _int(v: Any, what: str) -> int | None:
    if v is None or v == "" or isinstance(v, bool):
        if isinstance(v, bool):
            raise _Reject(f"поле «{what}»: ожидалось число, а не {v}")
        return None
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if isinstance(v, str):
        t = v.strip()
        if t in ("", "-", "—"):
            return None
        if not re.fullmatch(r"-?\d{1,4}", t):
            raise _Reject(f"поле «{what}»: ожидалось число, а не «{t[:20]}»")
        v = int(t)
    if not isinstance(v, int):
        raise _Reject(f"поле «{what}»: ожидалось число")
    if not 0 <= v <= MAX_NUMBER:
        raise _Reject(f"поле «{what}»: число {v} вне 0…{MAX_NUMBER}")
    return v


def _strikes(v: Any) -> tuple[int, ...]:
    if v is None or v == "":
        return ()
    if isinstance(v, str):
        parts = [p for p in re.split(r"[\s,;/–—-]+", v.strip()) if p]
    elif isinstance(v, (list, tuple)):
        parts = list(v)
    else:
        raise _Reject("поле «удар»: ожидались три числа (слабый-средний-сильный)")
    if len(parts) > 3:
        raise _Reject("поле «удар»: больше трёх чисел (слабый-средний-сильный)")
    vals = tuple(_int(p, "удар") for p in parts)
    return () if all(x is None for x in vals) else tuple(x or 0 for x in vals)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""A control character (NUL, ESC, …) in a card's name or text: shown in chat and the terminal as
is (a NUL in a name came out in ``card`` and could break a Telegram message); refused."""


def check_fields(f: dict[str, Any]) -> dict[str, Any]:
    """Validate neutral fields (bounds, types); returns them. Raises ``_Reject``."""
    name = f.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _Reject("нет имени карты")
    name = " ".join(name.split())
    bad = _CONTROL.search(name)
    if bad:
        raise _Reject(f"в имени карты управляющий символ (код {ord(bad.group(0))}, позиция {bad.start() + 1}); "
                      "ожидались буквы, цифры и знаки препинания")
    if len(name) > MAX_NAME:
        raise _Reject(f"имя карты слишком длинное ({len(name)} символов, не больше {MAX_NAME})")
    if not re.search(r"[А-Яа-яЁёA-Za-z]", name):
        raise _Reject(f"имя карты «{name[:40]}» без единой буквы")
    f["name"] = name
    text = f.get("text") or ""
    if not isinstance(text, str):
        raise _Reject("поле «текст»: ожидался текст")
    if len(text) > MAX_TEXT:
        raise _Reject(f"текст карты слишком длинный ({len(text)} символов, не больше {MAX_TEXT})")
    bad = _CONTROL.search(text.replace("\n", " ").replace("\r", " ").replace("\t", " "))
    if bad:
        raise _Reject(f"в тексте карты управляющий символ (код {ord(bad.group(0))}, позиция {bad.start() + 1}); "
                      "ожидался текст (переносы строк и табуляция допустимы)")
    f["text"] = text.strip()
    if f.get("kind") is None:
        raise _Reject("вид карты не указан или не распознан (существо, артефакт, местность, экипировка)")
    return f


# -- nxt ---------------------------------------------------------------------------------
def _code(table: dict, v: Any) -> Any:
    """``table[v]`` for a code given as number or text («1» = 1); ``None`` for any other
    value (a list, an object: no code)."""
    if v is None or isinstance(v, bool) or not isinstance(v, (str, int, float)):
        return None
    if v in table:
        return table[v]
    try:
        return table.get(int(v)) if not isinstance(v, float) or float(v).is_integer() else None
    except (TypeError, ValueError):
        return table.get(str(v))


def _kind(types: dict, value: Any) -> tuple[str, list[str]]:
    """``(kind, traits)`` of a card's ``type`` code by the format's ``types`` table
    (grammar/card_formats.yaml). Raises ``_Reject`` naming the codes the table knows,
    each with its kind and traits in words, when the code is missing or unknown."""
    spec = _code(types, value)
    if spec:
        return spec["kind"], list(spec.get("traits") or ())
    voc = vocabulary()
    known = "; ".join(f"{code} — " + ", ".join([voc["kinds"].get(s["kind"], s["kind"]),
                                               *(voc["traits"].get(t, {}).get("ru", t) for t in s.get("traits") or ())])
                      for code, s in types.items())
    said = "не указан тип карты (поле «type»)" if value is None or value == "" else f"неизвестный тип карты «{str(value)[:20]}»"
    raise _Reject(f"{said}; ожидался один из кодов: {known} (grammar/card_formats.yaml)")


def _text_traits(text: str) -> list[str]:
    """Traits a text declares by a sentence that is the trait word alone («Бестелесный.»)."""
    out = []
    heads = {m.group(1).casefold().replace("ё", "е")
             for m in re.finditer(r"(?:^|[.:;]\s*|\n)([А-Яа-яЁё]+)\s*(?=[.:;]|$)", text)}
    for trait, words in (vocabulary().get("text_traits") or {}).items():
        if heads & {str(w).casefold().replace("ё", "е") for w in words}:
            out.append(trait)
    return out


def _ordered(traits) -> tuple[str, ...]:
    s = set(traits)
    return tuple(t for t in TRAITS if t in s)


def _classes(v: Any) -> tuple[str, ...]:
    if v is None:
        return ()
    items = v if isinstance(v, list) else re.split(r"[,;]", str(v))
    out = []
    for x in items:
        s = _str(x, "класс")
        if s and s not in out:
            out.append(s)
    return tuple(out)


def _json_fields(obj: dict, fmt: str) -> dict[str, Any]:
    """The fields both JSON formats read the same way, each from the JSON key that
    ``fields:`` of ``fmt`` in grammar/card_formats.yaml names: kind and traits from
    ``types`` (plus traits the text states), key, set, number, classes, element
    (``elements``), cost, lives, movement, strikes, text. Raises ``_Reject`` (Russian,
    the field named as ``fields:`` names it) for a field of the wrong type or size."""
    spec = vocabulary()[fmt]
    keys = spec["fields"]

    def get(field: str) -> Any:
        return obj.get(keys[field][0])

    def what(field: str) -> str:
        return keys[field][1]

    kind, traits = _kind(spec["types"], obj.get("type"))
    text = get("text") or ""
    if isinstance(text, str):
        traits += _text_traits(text)
    key_id = _str(get("key"), what("key"), int(keys["key"][2]))
    return {
        "key": f"{fmt}:{key_id}" if key_id else None,
        "name": obj.get("name"),
        "set_name": _str(get("set_name"), what("set_name")),
        "number": _str(get("number"), what("number")),
        "kind": kind,
        "traits": traits,
        "classes": _classes(get("classes")),
        "element": _code(spec.get("elements") or {}, get("element")),
        "cost": _int(get("cost"), what("cost")),
        "lives": _int(get("lives"), what("lives")),
        "movement": _int(get("movement"), what("movement")),
        "strikes": _strikes(get("strikes")),
        "text": text,
    }


def _nxt_fields(obj: dict) -> dict[str, Any]:
    spec = vocabulary()["nxt"]
    out = _json_fields(obj, "nxt")
    icons = obj.get("icons") if isinstance(obj.get("icons"), dict) else {}
    traits = out["traits"] + [t for k, t in (spec.get("icon_traits") or {}).items() if k in icons]
    return {
        **out,
        "traits": _ordered(traits),
        "equipment_class": None,
        "elite": obj.get("elite") if isinstance(obj.get("elite"), bool) else None,
        "unique": obj.get("uniq") if isinstance(obj.get("uniq"), bool) else None,
        "forms": (),
    }


# -- classic -----------------------------------------------------------------------------
def _classic_fields(obj: dict) -> dict[str, Any]:
    spec = vocabulary()["classic"]
    out = _json_fields(obj, "classic")
    traits, text, kind = out["traits"], out["text"], out["kind"]
    if str(obj.get("fly", "0")).strip() == "1":
        traits.append("flying")
    abilities = obj.get("abilities") if isinstance(obj.get("abilities"), list) else []
    unique = any(a in abilities for a in spec.get("unique_abilities") or ()) or (
        isinstance(text, str) and any(f"[:{i}]" in text for i in spec.get("unique_icons") or ()))
    crystal = obj.get("crystal")
    forms = []
    case = obj.get("case")
    if isinstance(case, dict):
        for v in case.values():
            s = _str(v, "падеж", MAX_NAME)
            if s and s not in forms:
                forms.append(s)
    eq = _code(spec.get("equipment_classes") or {}, obj.get("typeEquipment")) if kind == "equipment" else None
    return {
        **out,
        "traits": _ordered(traits),
        "equipment_class": eq,
        "elite": (crystal in (spec.get("elite_crystals") or ())) if isinstance(crystal, str) else None,
        "unique": unique,
        "forms": tuple(forms),
    }


# -- csv ---------------------------------------------------------------------------------
def _fold_word(s: str) -> str:
    return " ".join(s.casefold().replace("ё", "е").split())


def _csv_rows(text: str, path: str) -> list[Row]:
    spec = vocabulary()["csv"]
    head = text[:4096]
    try:
        dialect = csv.Sniffer().sniff(head.splitlines()[0] if head else "", delimiters=",;\t")
        delim = dialect.delimiter
    except csv.Error:
        delim = ","
    try:
        csv.field_size_limit(MAX_TEXT * 4)
        # strict: a quote never closed is an error at the row it opens, not one field
        # swallowing the rest of the file (that row then «had no kind»)
        reader = csv.reader(io.StringIO(text), delimiter=delim, strict=True)
        header = next(reader, None)
    except csv.Error as e:
        why = _problem_ru(str(e), _CSV_PROBLEMS_RU, "ошибка формата CSV")
        raise CardImportError(f"{path}: строка 1: не читается как CSV ({why}).") from None
    if not header:
        raise CardImportError(f"{path}: пустой файл; ожидалась строка заголовков (name, type, text, …).")
    cols = {_fold_word(h): i for i, h in enumerate(header)}
    where: dict[str, int] = {}
    for fieldname, aliases in spec["columns"].items():
        for a in aliases:
            if _fold_word(str(a)) in cols:
                where[fieldname] = cols[_fold_word(str(a))]
                break
    if "name" not in where:
        raise CardImportError(f"{path}: строка 1: нет столбца с именем карты (name, имя, название); "
                              f"заголовки: {', '.join(h[:20] for h in header[:10])}.")
    kinds = {_fold_word(str(k)): v for k, v in spec["kinds"].items()}
    trait_words = {_fold_word(str(k)): v for k, v in spec["traits"].items()}
    yes = {_fold_word(str(x)) for x in spec["true_words"]}
    no = {_fold_word(str(x)) for x in spec["false_words"]}
    rows: list[Row] = []
    line = 1
    opened = reader.line_num + 1    # the line where the record being read starts
    try:
        for rec in reader:
            line, opened = reader.line_num, reader.line_num + 1
            if not any(c.strip() for c in rec):
                continue
            if len(rows) >= MAX_ROWS:
                raise CardImportError(f"{path}: слишком много строк (больше {MAX_ROWS}).")
            w = f"строка {line}"
            if len(rec) > len(header) + 2:
                rows.append(Row(w, error=f"{len(rec)} столбцов, а в заголовке {len(header)}"))
                continue
            try:
                rows.append(Row(w, fields=check_fields(_csv_fields(rec, where, kinds, trait_words, yes, no))))
            except _Reject as r:
                rows.append(Row(w, error=str(r)))
    except csv.Error as e:
        why = _problem_ru(str(e), _CSV_PROBLEMS_RU, "ошибка формата CSV")
        raise CardImportError(f"{path}: строка {opened}: не читается как CSV ({why}).") from None
    return rows


def _csv_fields(rec: list[str], where: dict[str, int], kinds: dict, trait_words: dict, yes: set, no: set) -> dict:
    def get(name: str) -> str | None:
        i = where.get(name)
        if i is None or i >= len(rec):
            return None
        return rec[i]

    def flag(name: str) -> bool | None:
        v = get(name)
        if v is None:
            return None
        f = _fold_word(v)
        if f in yes:
            return True
        if f in no:
            return None if f == "" else False
        raise _Reject(f"поле «{name}»: ожидалось да или нет, а не «{v[:20]}»")

    raw_kind = _str(get("kind"), "вид") or ""
    spec = kinds.get(_fold_word(raw_kind))
    if spec is None and raw_kind:
        known = ", ".join(k for k in kinds if re.search(r"[а-яё]", k))   # the Russian words of the column
        raise _Reject(f"неизвестный вид карты «{raw_kind[:30]}»; в CSV вид пишется словом: {known} "
                      "(слова — в grammar/card_formats.yaml)")
    kind, traits = (spec["kind"], list(spec.get("traits") or ())) if spec else (None, [])
    for word in re.split(r"[,;]", _str(get("traits"), "свойства") or ""):
        f = _fold_word(word)
        if not f:
            continue
        if f not in trait_words:
            raise _Reject(f"неизвестное свойство «{word.strip()[:30]}» (известные — в grammar/card_formats.yaml)")
        traits.append(trait_words[f])
    text = get("text") or ""
    traits += _text_traits(text)
    return {
        "key": None,
        "name": get("name"),
        "set_name": _str(get("set"), "набор"),
        "number": _str(get("number"), "номер"),
        "kind": kind,
        "traits": _ordered(traits),
        "equipment_class": _str(get("equipment_class"), "класс экипировки") if kind == "equipment" else None,
        "classes": _classes(get("classes")),
        "element": _str(get("element"), "стихия"),
        "cost": _int(get("cost"), "стоимость"),
        "elite": flag("elite"),
        "unique": flag("unique"),
        "lives": _int(get("lives"), "жизни"),
        "movement": _int(get("movement"), "движение"),
        "strikes": _strikes(get("strikes")),
        "text": text,
        "forms": (),
    }
