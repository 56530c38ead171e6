"""A minimal text PDF written by hand for tests (no PDF writer library needed).

``make_pdf(pages) -> bytes``: each page a list of lines, drawn top-down in a simple
font whose encoding names every non-ASCII character by its Unicode glyph name
(``/uni0410``), so a PDF text extractor gets the exact Unicode text back.
"""

from __future__ import annotations


def _esc(s: bytes) -> bytes:
    return s.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def make_pdf(pages: list[list[str]]) -> bytes:
    """A PDF with one page per item of ``pages`` (lists of text lines)."""
    chars = sorted({ch for page in pages for line in page for ch in line if ord(ch) > 126})
    if len(chars) > 120:
        raise ValueError("too many distinct non-ASCII characters for one simple font")
    code = {ch: 128 + i for i, ch in enumerate(chars)}
    diffs = b" ".join(f"/uni{ord(ch):04X}".encode() for ch in chars)

    def enc(line: str) -> bytes:
        return bytes(code.get(ch, ord(ch)) if ord(ch) > 126 else ord(ch) for ch in line)

    objs: list[bytes] = []
    objs.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(len(pages))).encode()
    objs.append(b"<< /Type /Pages /Kids [" + kids + b"] /Count " + str(len(pages)).encode() + b" >>")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding "
                b"/BaseEncoding /WinAnsiEncoding /Differences [128 " + diffs + b"] >> >>")
    for i, page in enumerate(pages):
        ops = [b"BT /F1 9 Tf 11 TL 40 800 Td"]
        for line in page:
            ops.append(b"(" + _esc(enc(line)) + b") Tj T*")
        ops.append(b"ET")
        stream = b"\n".join(ops)
        objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> "
                    b"/Contents " + str(5 + 2 * i).encode() + b" 0 R >>")
        objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{n} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
