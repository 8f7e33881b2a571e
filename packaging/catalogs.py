"""The message catalogs: extract the texts from the code, compile the translations.

    python packaging/catalogs.py extract   # after changing texts: update every .po file
    python packaging/catalogs.py compile   # .po -> .mo (the build does this by itself)

There is one catalog per domain (``shadowdice/core/language.py`` says which module uses
which): ``shadowdice`` for the app (``shadowdice/locale``) and one per rule system
(``shadowdice/systems/<id>/locale``). ``extract`` finds every text marked with ``_``,
``_n`` or ``N_``, adds new ones to each language's ``.po`` file with an empty translation,
marks changed ones fuzzy and drops those no longer used. Translators edit the ``.po``
files; ``compile`` writes the ``.mo`` files next to them, which the app reads. ``.mo`` files
are built, never committed.

Needs Babel (a build requirement and part of the dev extra).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "shadowdice"
SYSTEMS = PACKAGE / "systems"
#: The languages with a catalog besides English, the language of the code.
TRANSLATED = ("de",)
#: The header of a new catalog.
HEADER = {
    "project": "Shadowdice",
    "copyright_holder": "The Shadowdice team",
    "last_translator": "The Shadowdice team",
    "language_team": "The Shadowdice team",
    "msgid_bugs_address": "",
    "header_comment": (
        "# The texts of Shadowdice, translated.\n# packaging/catalogs.py keeps this file."
    ),
}
#: The names the code marks texts with, and where their messages are.
KEYWORDS = {"_": None, "_n": (1, 2), "N_": None}


def domains() -> Iterator[tuple[str, Path, list[Path]]]:
    """Every catalog: (domain, its locale folder, the source files whose texts it holds)."""
    system_dirs = sorted(
        path for path in SYSTEMS.iterdir() if path.is_dir() and (path / "__init__.py").exists()
    )
    app_files = [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if not any(path.is_relative_to(system) for system in system_dirs)
    ]
    yield "shadowdice", PACKAGE / "locale", app_files
    for system in system_dirs:
        yield system.name, system / "locale", sorted(system.rglob("*.py"))


def po_path(locale: Path, language: str, domain: str) -> Path:
    """Where ``domain``'s translations into ``language`` are kept."""
    return locale / language / "LC_MESSAGES" / f"{domain}.po"


def template(domain: str, files: list[Path]) -> Any:
    """A Babel catalog of every text marked in ``files``, untranslated."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    found = Catalog(domain=domain, project="Shadowdice", charset="utf-8")
    for path in files:
        for lineno, message, comments, context in extract_from_file(
            "python", path, keywords=KEYWORDS
        ):
            where = [(path.relative_to(ROOT).as_posix(), lineno)]
            found.add(message, locations=where, auto_comments=comments, context=context)
    return found


def extract() -> None:
    """Bring every language's .po file up to date with the texts in the code."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    for domain, locale, files in domains():
        template_catalog = template(domain, files)
        if not len(template_catalog) and not locale.exists():
            continue
        for language in TRANSLATED:
            path = po_path(locale, language, domain)
            if path.exists():
                with path.open("rb") as file:
                    catalog = read_po(file, locale=language, domain=domain)
                created = catalog.creation_date
                catalog.update(template_catalog, update_header_comment=False)
                catalog.creation_date = created  # a header that stays as it is merges well
            else:
                catalog = Catalog(locale=language, domain=domain, **HEADER)
                catalog.update(template_catalog)
                catalog.fuzzy = False
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as file:
                write_po(
                    file,
                    catalog,
                    width=100,
                    omit_header=False,
                    include_lineno=False,
                    ignore_obsolete=True,
                    sort_output=True,
                )
            print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def compile_all(quiet: bool = True) -> list[Path]:
    """Write a .mo file next to every .po file that is newer; returns every .mo file."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for domain, locale, _files in domains():
        for language in TRANSLATED:
            po = po_path(locale, language, domain)
            if not po.exists():
                continue
            mo = po.with_suffix(".mo")
            if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
                with po.open("rb") as file:
                    catalog = read_po(file, locale=language, domain=domain)
                with mo.open("wb") as file:
                    write_mo(file, catalog, use_fuzzy=False)
                if not quiet:
                    print(f"{mo.relative_to(ROOT)}")
            written.append(mo)
    return written


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "extract":
        extract()
        compile_all(quiet=False)
    elif command == "compile":
        compile_all(quiet=False)
    else:
        sys.exit(__doc__)
