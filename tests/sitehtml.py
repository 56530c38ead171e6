"""A tiny DOM for the site tests, built with the standard library's html.parser."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class El:
    """An element: ``tag``, ``attrs`` (dict), ``children`` (``El`` or ``str``)."""

    tag: str
    attrs: dict[str, str | None]
    children: list = field(default_factory=list)
    parent: "El | None" = None

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def iter(self):
        """This element and every descendant element, in document order."""
        yield self
        for c in self.children:
            if isinstance(c, El):
                yield from c.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None) -> list["El"]:
        return [e for e in self.iter() if (tag is None or e.tag == tag) and (cls is None or cls in e.classes)]

    def ancestor(self, tag: str) -> "El | None":
        p = self.parent
        while p is not None and p.tag != tag:
            p = p.parent
        return p


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = El("#document", {})
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        el = El(tag, dict(attrs), parent=self.cur)
        self.cur.children.append(el)
        if tag not in VOID:
            self.cur = el

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(El(tag, dict(attrs), parent=self.cur))

    def handle_endtag(self, tag):
        el = self.cur
        while el is not None and el.tag != tag:
            el = el.parent
        assert el is not None, f"stray </{tag}>"
        assert el is self.cur, f"</{tag}> closes <{el.tag}> while <{self.cur.tag}> is open"
        self.cur = el.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def parse(html: str) -> El:
    """Parse a page; asserts that every element is closed in order."""
    b = _Builder()
    b.feed(html)
    b.close()
    assert b.cur is b.root, f"<{b.cur.tag}> not closed"
    return b.root
