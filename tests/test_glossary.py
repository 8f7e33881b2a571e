"""The glossary (docs/glossary/) holds the words of the rules in both languages, and the
catalogs use them: every English term appears in its catalog's messages, every German term in
its German translations, and every translated catalog has its glossary.
"""

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).parent.parent / "packaging"))
import catalogs

sys.path.pop(0)

ROOT = Path(__file__).parent.parent
GLOSSARY = ROOT / "docs" / "glossary"

DOMAINS = {domain: locale for domain, locale, _files in catalogs.domains()}
TRANSLATED = sorted(
    domain for domain, locale in DOMAINS.items() if catalogs.po_path(locale, "de", domain).exists()
)


def rows(domain: str) -> list[tuple[str, str, str]]:
    found = []
    for line in (GLOSSARY / f"{domain}.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("Deutsch", "") and not set(cells[0]) <= set("-"):
            found.append((cells[0], cells[1], cells[2]))
    return found


def texts(domain: str) -> tuple[str, str]:
    with catalogs.po_path(DOMAINS[domain], "de", domain).open("rb") as file:
        catalog = read_po(file, locale="de")
    english, german = [], []
    for message in catalog:
        if message.id:
            english += [message.id] if isinstance(message.id, str) else list(message.id)
            german += [message.string] if isinstance(message.string, str) else list(message.string)
    return "\n".join(english), "\n".join(german)


@pytest.mark.parametrize("domain", TRANSLATED)
def test_every_translated_catalog_has_its_glossary_and_the_index_names_it(domain):
    assert (GLOSSARY / f"{domain}.md").exists(), f"docs/glossary/{domain}.md is missing"
    assert f"({domain}.md)" in (GLOSSARY / "README.md").read_text(encoding="utf-8")
    assert rows(domain), f"docs/glossary/{domain}.md has no terms"


@pytest.mark.parametrize("domain", TRANSLATED)
def test_the_catalog_uses_the_glossary_s_words_in_both_languages(domain):
    english, german = texts(domain)
    for deutsch, term, where in rows(domain):
        assert where, f"{term}: say where the rule text uses it"
        assert re.search(rf"\b{re.escape(term)}", english, re.IGNORECASE), (
            f"{domain}: no message uses {term!r}"
        )
        assert re.search(rf"\b{re.escape(deutsch)}", german, re.IGNORECASE), (
            f"{domain}: no German translation uses {deutsch!r}"
        )


def code_rows() -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """The code glossary's terms, each with its modules and the names said to be in each."""
    found = []
    for line in (GLOSSARY / "code.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("term", "") or set(cells[0]) <= set("-"):
            continue
        places = []
        for place in re.split(r",\s*(?=`[\w/]+\.py`:)", cells[1]):
            module, _, names = place.partition(":")
            places.append((module.strip(" `"), re.findall(r"`(\w+)`", names)))
        found.append((cells[0], places))
    return found


def test_the_code_glossary_names_modules_that_have_those_names():
    rows = code_rows()
    terms = [term for term, _places in rows]
    for wanted in ("tape", "carried dice", "pending request", "assigned elsewhere"):
        assert wanted in terms
    assert "(code.md)" in (GLOSSARY / "README.md").read_text(encoding="utf-8")
    for term, places in rows:
        assert places, f"{term}: say where the code has it"
        for module, names in places:
            path = ROOT / "shadowdice" / module
            assert path.is_file(), f"{term}: no module shadowdice/{module}"
            source = path.read_text(encoding="utf-8")
            assert names, f"{term}: name what {module} calls it"
            missing = [name for name in names if not re.search(rf"\b{name}\b", source)]
            assert missing == [], f"{term}: shadowdice/{module} has no {missing}"
