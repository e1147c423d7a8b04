"""Issue 12 item 7: the public pages ship a complete Spanish translation.

For each app with public pages, the messages are extracted afresh from its code and templates
(``makemessages``, as a translator would) and each must be in the committed catalog, translated
and not fuzzy; the compiled catalog (.mo) must hold exactly what the .po says.
"""

import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tools.i18n import po

SRC = Path(__file__).resolve().parents[2] / "src"
#: Every app with pages on the residents' site (add yours).
PUBLIC_APPS = ["residents", "applications", "public_cases", "found", "records", "complaints"]


def extracted(app: str, tmp_path: Path) -> list[str]:
    copy = tmp_path / app
    shutil.copytree(SRC / "dogtag" / app, copy, ignore=shutil.ignore_patterns("locale"))
    (copy / "locale").mkdir()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "dogtag.settings", "SECRET_KEY": "x"}
    env["PYTHONPATH"] = str(SRC)
    subprocess.run(
        [sys.executable, "-m", "django", "makemessages", "-l", "es", "--no-obsolete"],
        cwd=copy,
        env=env,
        check=True,
        capture_output=True,
    )
    return [entry.msgid for entry in po.messages(copy / "locale/es/LC_MESSAGES/django.po")]


@pytest.mark.parametrize("app", PUBLIC_APPS)
def test_every_message_of_the_public_pages_is_translated_to_spanish(app, tmp_path):
    catalog = SRC / "dogtag" / app / "locale/es/LC_MESSAGES/django.po"
    translated = {e.msgid for e in po.messages(catalog) if e.translated}
    untranslated = [msgid for msgid in extracted(app, tmp_path) if msgid not in translated]
    assert untranslated == []


@pytest.mark.parametrize("app", PUBLIC_APPS)
def test_the_compiled_catalog_is_the_po(app):
    folder = SRC / "dogtag" / app / "locale/es/LC_MESSAGES"
    with (folder / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for entry in po.messages(folder / "django.po"):
        if entry.msgid_plural is None:
            assert compiled.gettext(entry.msgid) == entry.msgstr[0], entry.msgid


def test_a_message_has_one_translation_across_the_public_catalogs():
    """Django merges every app's catalog: a message translated two ways would show whichever
    app comes first, on every page."""
    translations: dict[str, dict[str, str]] = {}
    for app in PUBLIC_APPS:
        for entry in po.messages(SRC / "dogtag" / app / "locale/es/LC_MESSAGES/django.po"):
            translations.setdefault(entry.msgid, {})[app] = entry.msgstr.get(0, "")
    differing = {m: by_app for m, by_app in translations.items() if len(set(by_app.values())) > 1}
    assert differing == {}
