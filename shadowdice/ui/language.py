"""The user interface's side of the language: texts that are set again when it changes.

Widgets get their fixed texts through :func:`put`: ``put(button.setText, _("Roll"))`` sets
the text now and again, rendered anew, after every change of language, for as long as the
button lives. Every later change of that text must go through :func:`put` too, so that a
change of language never brings an old text back. Views whose texts come from data (the
outcome, the history, the sheets) connect to :data:`events`' ``changed`` signal and render
themselves again.

:func:`switch` changes the language of the whole app: the core's texts
(:mod:`shadowdice.core.language`), every text given to :func:`put`, and Qt's own standard
dialogs and buttons, whose German comes from Qt's translations (``qtbase_de``).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal
from shiboken6 import isValid

from shadowdice.core import language
from shadowdice.core.language import Text


class LanguageEvents(QObject):
    """Tells views that the language changed, after every :func:`put` text was set again."""

    changed = Signal(str)


#: The app's one sender of language changes.
events = LanguageEvents()

#: For each object, its setters' names and the texts they were last given.
_texts: weakref.WeakKeyDictionary[Any, dict[str, Text]] = weakref.WeakKeyDictionary()
_qt_translator: list[QTranslator] = []


def put(setter: Callable[[str], Any], text: str) -> None:
    """``setter(text)`` now, and with the text rendered anew after every change of language.

    ``setter`` is a bound method of a Qt object (``label.setText``, ``action.setToolTip``). A
    plain ``str`` (a name a player typed) is set once and never changed.
    """
    setter(language.words(text))  # a text made before the language changed: in the new one
    owner = getattr(setter, "__self__", None)
    if owner is None:
        return
    texts = _texts.setdefault(owner, {})
    if isinstance(text, Text):
        texts[setter.__name__] = text
    else:
        texts.pop(setter.__name__, None)


def shown(text: str) -> str:
    """``text`` as the current language renders it: a :class:`Text` anew, any other as it is.

    For views that render data (records, outcomes) again after a change of language.
    """
    return language.words(text)


def system_language() -> str:
    """The language of the system's locale that has a catalog, else English."""
    return language.best_match(QLocale.system().uiLanguages())


def switch(code: str) -> None:
    """Show the whole app in ``code`` ("de", "en", or "system" for the system's language)."""
    chosen = system_language() if code == "system" else code
    application = QCoreApplication.instance()
    _install_qt_translation(application, chosen)
    if chosen == language.current():
        return
    language.set_language(chosen)
    for owner, texts in list(_texts.items()):
        if not isValid(owner):
            continue
        for name, text in texts.items():
            getattr(owner, name)(text.translated())
    events.changed.emit(chosen)


def _install_qt_translation(application: QCoreApplication | None, code: str) -> None:
    """Qt's own texts (standard buttons, file dialogs) in ``code``; English needs none."""
    if application is None:
        return
    while _qt_translator:
        application.removeTranslator(_qt_translator.pop())
    if code in (language.SOURCE_LANGUAGE, language.PSEUDO):
        return
    translator = QTranslator(application)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(f"qtbase_{code}", folder):
        application.installTranslator(translator)
        _qt_translator.append(translator)
