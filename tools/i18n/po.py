"""A small reader of gettext .po catalogs, for the translation completeness test and for
translators: ``python -m tools.i18n.po missing src/dogtag/residents/locale/es/LC_MESSAGES/django.po``
lists what is not yet translated (or marked fuzzy); ``fill PO JSON`` writes translations from a
JSON object of {msgid: msgstr} into the catalog (only where msgstr is empty or fuzzy).

Only the subset Django's makemessages writes is read: comments, ``#,`` flags, msgctxt, msgid,
msgid_plural, msgstr and msgstr[n], each possibly continued on following quoted lines.
"""

from __future__ import annotations

import ast
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    lines: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    msgctxt: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr.values()) and "fuzzy" not in self.flags


def _unquote(text: str) -> str:
    return str(ast.literal_eval(text.strip()))


def parse(text: str) -> list[Entry]:
    entries: list[Entry] = []
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        entry = Entry(lines=lines)
        current: tuple[str, int] | None = None
        for line in lines:
            if line.startswith("#,"):
                entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                if current is None:
                    continue
                kind, index = current
                value = _unquote(line)
                if kind == "msgstr":
                    entry.msgstr[index] += value
                elif kind == "msgid":
                    entry.msgid += value
                elif kind == "msgid_plural":
                    entry.msgid_plural = (entry.msgid_plural or "") + value
                else:
                    entry.msgctxt = (entry.msgctxt or "") + value
            else:
                keyword, _, rest = line.partition(" ")
                if keyword.startswith("msgstr["):
                    index = int(keyword[7:-1])
                    entry.msgstr[index] = _unquote(rest)
                    current = ("msgstr", index)
                elif keyword == "msgstr":
                    entry.msgstr[0] = _unquote(rest)
                    current = ("msgstr", 0)
                elif keyword == "msgid":
                    entry.msgid = _unquote(rest)
                    current = ("msgid", 0)
                elif keyword == "msgid_plural":
                    entry.msgid_plural = _unquote(rest)
                    current = ("msgid_plural", 0)
                elif keyword == "msgctxt":
                    entry.msgctxt = _unquote(rest)
                    current = ("msgctxt", 0)
        entries.append(entry)
    return entries


def messages(path: Path) -> list[Entry]:
    """The catalog's messages (without the header, whose msgid is empty)."""
    return [e for e in parse(path.read_text(encoding="utf-8")) if e.msgid]


def missing(path: Path) -> list[str]:
    return [e.msgid for e in messages(path) if not e.translated]


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def fill(path: Path, translations: dict[str, str | list[str]]) -> int:
    """Writes the given translations into entries not yet translated; returns how many."""
    blocks = path.read_text(encoding="utf-8").split("\n\n")
    filled = 0
    for n, block in enumerate(blocks):
        found = parse(block)
        if not found or not found[0].msgid or found[0].translated:
            continue
        entry = found[0]
        value = translations.get(entry.msgid)
        if value is None:
            continue
        # Drop the continuation lines of the old msgstr: everything after the first msgstr line.
        head = []
        for line in entry.lines:
            if line.startswith("msgstr"):
                break
            head.append(line.replace(", fuzzy", "") if line.startswith("#,") else line)
        head = [line for line in head if line.strip() not in ("#,", "#, fuzzy")]
        if isinstance(value, list):
            tail = [f"msgstr[{i}] {_quote(v)}" for i, v in enumerate(value)]
        else:
            tail = [f"msgstr {_quote(value)}"]
        blocks[n] = "\n".join(head + tail)
        filled += 1
    path.write_text("\n\n".join(blocks), encoding="utf-8")
    return filled


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "missing":
        left = missing(Path(argv[1]))
        for msgid in left:
            print(json.dumps(msgid, ensure_ascii=False))
        return 1 if left else 0
    if len(argv) == 3 and argv[0] == "fill":
        translations = json.loads(Path(argv[2]).read_text(encoding="utf-8"))
        print(f"{fill(Path(argv[1]), translations)} filled")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
