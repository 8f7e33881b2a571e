"""Every text the code marks for translation has a German translation that fits it."""

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).parent.parent / "packaging"))
import catalogs

sys.path.pop(0)

DOMAINS = {domain: (locale, files) for domain, locale, files in catalogs.domains()}
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def marked(domain: str) -> set[str]:
    _locale, files = DOMAINS[domain]
    return {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in catalogs.template(domain, files)
        if message.id
    }


def translations(domain: str, language: str):
    path = catalogs.po_path(DOMAINS[domain][0], language, domain)
    if not path.exists():
        return None
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=domain)


@pytest.mark.parametrize("language", catalogs.TRANSLATED)
@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_the_catalog_holds_exactly_the_texts_the_code_marks(domain, language):
    catalog = translations(domain, language)
    in_code = marked(domain)
    if catalog is None:
        assert not in_code, (
            f"{domain} marks {len(in_code)} texts but has no {language} catalog; "
            "run `python packaging/catalogs.py extract`"
        )
        return
    in_catalog = {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in catalog
        if message.id
    }
    assert in_code - in_catalog == set(), (
        "texts missing from the catalog; run `python packaging/catalogs.py extract`"
    )
    assert in_catalog - in_code == set(), (
        "texts no longer in the code; run `python packaging/catalogs.py extract`"
    )


@pytest.mark.parametrize("language", catalogs.TRANSLATED)
@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_text_is_translated_none_empty_none_fuzzy_with_the_same_placeholders(
    domain, language
):
    catalog = translations(domain, language)
    if catalog is None:
        return
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        if message.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        if not all(strings):
            problems.append(f"untranslated: {ids[0]!r}")
            continue
        wanted = {name for text in ids for name in PLACEHOLDER.findall(text)} - {"n"}
        for string in strings:
            found = set(PLACEHOLDER.findall(string)) - {"n"}
            if found - wanted or (wanted - found and len(ids) == 1):
                problems.append(f"placeholders differ: {ids[0]!r} -> {string!r}")
    assert problems == []
