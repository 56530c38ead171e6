"""bot/store.py: the one store (SQLite by default, PostgreSQL via DATABASE_URL):
per-component migrations, transactions, errors; the card schema on both."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from bot.store import Store, StoreError, default_url

STEPS = (("CREATE TABLE notes (k TEXT PRIMARY KEY, v INTEGER NOT NULL)",),
         ("ALTER TABLE notes ADD COLUMN w TEXT",))


def exercise(st: Store) -> None:
    """The same checks on any dialect."""
    assert st.migrate("probe", STEPS[:1]) == 1 and st.version("probe") == 1
    assert st.migrate("probe", STEPS) == 2 and st.migrate("probe", STEPS) == 2
    st.execute("INSERT INTO notes (k, v, w) VALUES (?, ?, ?)", ("a", 1, "x"))
    st.execute("INSERT INTO notes (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v", ("a", 5))
    assert st.query("SELECT k, v, w FROM notes") == [("a", 5, "x")]
    with pytest.raises(RuntimeError):
        with st.transaction():
            st.execute("INSERT INTO notes (k, v) VALUES (?, ?)", ("b", 2))
            with st.transaction():          # nested: joins the outer one
                st.execute("INSERT INTO notes (k, v) VALUES (?, ?)", ("c", 3))
            raise RuntimeError("boom")
    assert st.query("SELECT COUNT(*) FROM notes") == [(1,)]
    with pytest.raises(StoreError, match="создана более новой версией бота"):
        st.migrate("probe", STEPS[:1])
    # the card schema and an import round trip
    from bot.cards import db
    from bot.cards.model import Card

    db.cards_store(st)
    with st.transaction():
        db.upsert(st, [Card(key="k1", name="Гном-камнетёс", kind="creature", traits=("flying",), strikes=(1, 2, 3),
                            classes=("Гном",), elite=True, text="{tap}: Ранить выбранное существо на 2.")])
    c = db.all_cards(st)[0]
    assert (c.name, c.traits, c.strikes, c.classes, c.elite, db.revision(st)) == \
        ("Гном-камнетёс", ("flying",), (1, 2, 3), ("Гном",), True, 1)


def test_sqlite_file_store(tmp_path):
    st = Store(f"sqlite:///{tmp_path}/a/b.sqlite3")
    exercise(st)
    st.close()
    again = Store(f"sqlite:///{tmp_path}/a/b.sqlite3")
    assert again.version("probe") == 2 and again.query("SELECT v FROM notes") == [(5,)]
    again.close()


def test_default_url_and_errors(tmp_path, monkeypatch):
    from bot import paths

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv(paths.USER_DIR_ENV, str(tmp_path / "u"))
    assert default_url() == f"sqlite:///{tmp_path / 'u' / 'berserk.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", "sqlite:///:memory:")
    assert default_url() == "sqlite:///:memory:"
    with pytest.raises(StoreError, match="ожидался адрес вида sqlite:///"):
        Store("mysql://x")
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreError, match="не открывается как база данных"):
        Store(f"sqlite:///{junk}")
    with pytest.raises(StoreError, match=r"Не удаётся подключиться к PostgreSQL postgresql://u:\*\*\*@127\.0\.0\.1.*\(DATABASE_URL\): "
                                         r"сервер не принимает соединения"):
        Store(f"postgresql://u:secret@127.0.0.1:{_free_port()}/db")
    with pytest.raises(StoreError, match=r"PostgreSQL postgresql://u@127\.0\.0\.1:abc/db \(DATABASE_URL\): порт в адресе — не число"):
        Store("postgresql://u@127.0.0.1:abc/db")
    with pytest.raises(StoreError, match=r"postgresql://\[bad \(DATABASE_URL\): адрес не разобран"):
        Store("postgresql://[bad")


def test_postgres_reasons_are_russian_and_keep_the_driver_line():
    from bot.store import postgres_reason

    assert postgres_reason(Exception('FATAL:  password authentication failed for user "u"\nmore')) == (
        'неверный пользователь или пароль (FATAL:  password authentication failed for user "u")')
    assert postgres_reason(Exception('FATAL:  role "u" does not exist')).startswith("такого пользователя нет")
    assert postgres_reason(Exception('FATAL:  database "d" does not exist')).startswith("такой базы нет")
    assert postgres_reason(Exception("weird")) == "ошибка подключения (weird)"


def test_telegram_start_tells_a_broken_database_url_in_russian(monkeypatch, capsys):
    from bot.chat.telegram import open_chat_store

    monkeypatch.setenv("DATABASE_URL", "mysql://x")
    data: dict = {}
    open_chat_store(data, "5ed")
    assert data == {"store": None}
    err = capsys.readouterr().err
    assert "DATABASE_URL «mysql://x»: ожидался адрес вида sqlite:///" in err
    assert "по редакции 5ed" in err and "Traceback" not in err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg_binaries() -> tuple[str, str] | None:
    for d in ([os.path.dirname(shutil.which("initdb"))] if shutil.which("initdb") else []) + \
            sorted(str(p) for p in Path("/usr/lib/postgresql").glob("*/bin")):
        if os.path.exists(os.path.join(d, "initdb")) and os.path.exists(os.path.join(d, "postgres")):
            return os.path.join(d, "initdb"), os.path.join(d, "postgres")
    return None


@pytest.fixture
def postgres_url(tmp_path):
    """A throw-away PostgreSQL server on 127.0.0.1 started for this test (skipped when
    no server binary or no psycopg is installed)."""
    pytest.importorskip("psycopg", reason="psycopg (the PostgreSQL driver) is not installed")
    found = _pg_binaries()
    if found is None:
        pytest.skip("no PostgreSQL server binary (initdb/postgres) on this machine")
    initdb, postgres = found
    import tempfile

    run_as: list[str] = []
    base = Path(tempfile.mkdtemp(prefix="berserk-pg-"))     # not under pytest's root-only folders
    data = base / "pg"
    data.mkdir()
    if os.geteuid() == 0:             # the server refuses to run as root
        import pwd

        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no «postgres» user to run the server as")
        runuser = shutil.which("runuser")
        if runuser is None:
            pytest.skip("running as root without runuser to start the server as «postgres»")
        os.chown(base, pw.pw_uid, pw.pw_gid)
        os.chown(data, pw.pw_uid, pw.pw_gid)
        run_as = [runuser, "-u", "postgres", "--"]
    try:
        yield from _serve(run_as, initdb, postgres, data)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _serve(run_as, initdb, postgres, data):
    subprocess.run(run_as + [initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"],
                   check=True, capture_output=True, timeout=120)
    port = _free_port()
    proc = subprocess.Popen(run_as + [postgres, "-D", str(data), "-h", "127.0.0.1", "-p", str(port), "-k", str(data),
                                      "-F", "-c", "fsync=off"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    try:
        import psycopg

        deadline = time.time() + 60
        while True:
            try:
                psycopg.connect(url, connect_timeout=2).close()
                break
            except psycopg.OperationalError:
                if time.time() > deadline or proc.poll() is not None:
                    pytest.fail("the test PostgreSQL server did not start")
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_postgresql_same_schema(postgres_url, tmp_path, monkeypatch):
    st = Store(postgres_url)
    assert st.dialect == "postgresql"
    exercise(st)
    st.close()
    # the importer through DATABASE_URL, re-import in place
    from bot.cards import db, index
    from bot.cards.importer import import_files
    from bot.store import close_all
    from tests.cards_support import NXT_CARDS, write_json

    monkeypatch.setenv("DATABASE_URL", postgres_url)
    close_all(); index.invalidate()
    try:
        p = write_json(tmp_path / "n.json", NXT_CARDS)
        r = import_files([str(p)])
        assert (r.added, r.total) == (7, 8)          # the card of exercise() is there too
        assert import_files([str(p)]).updated == 7
        assert index.find_cards("дхиру")[0].card.traits == ("parasite", "incorporeal")
        # names inside a question are read from the name tables the import wrote
        assert [m.card.name for m in index.find_cards_in_text("Мой Топяного тролля и Дхиру")] == \
            ["Топяной тролль", "Дхиру"]
    finally:
        close_all(); index.invalidate()
