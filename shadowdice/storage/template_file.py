"""Character template files: a template of a rule system per JSON file.

A template (Star Wars D6's "Wookiee warrior") is saved in the same envelope as a character
(see :mod:`shadowdice.storage.character_file`), with the format ``shadowdice-template`` and the
system's ``template_version``; it is written atomically and read all-or-nothing the same way.
Templates of an older version are refused: the first version is the only one so far.
"""

from __future__ import annotations

from pathlib import Path

from shadowdice.core.language import N_
from shadowdice.core.registry import Registry, RuleSystem
from shadowdice.core.sheet import Sheet
from shadowdice.storage.character_file import (
    CharacterFileError,
    LoadedCharacter,
    SavedKind,
    load_envelope,
    save_envelope,
)

#: The ``format`` every template file names.
TEMPLATE_FORMAT_NAME = "shadowdice-template"

#: The file name ending of template files, so the open dialog can tell them from characters.
TEMPLATE_SUFFIX = ".template.json"

TEMPLATE = SavedKind(
    TEMPLATE_FORMAT_NAME,
    N_("template"),
    N_("template"),
    lambda system: system.template_type,
    lambda system: system.template_version,
)


def save_template(path: Path, system: RuleSystem, template: Sheet) -> None:
    """Write ``template`` of ``system`` to ``path`` atomically, keeping a ``.bak``.

    Raises:
        CharacterFileError: the template is not valid, or the file could not be written.
    """
    save_envelope(TEMPLATE, path, system, template)


def load_template(path: Path, registry: Registry) -> LoadedCharacter:
    """Read the template in ``path``; ``sheet`` of the result is the template.

    Raises:
        CharacterFileError: the file cannot be read as a template of a known system.
    """
    return load_envelope(TEMPLATE, path, registry)


def user_templates(folder: Path, registry: Registry, system: RuleSystem) -> list[LoadedCharacter]:
    """The templates of ``system`` saved in ``folder``, by name; unreadable files are skipped
    (the template list must open even when one file in the folder is broken).
    """
    found = []
    for path in sorted(Path(folder).glob(f"*{TEMPLATE_SUFFIX}")):
        try:
            loaded = load_template(path, registry)
        except CharacterFileError:
            continue
        if loaded.system is system:
            found.append(loaded)
    return found
