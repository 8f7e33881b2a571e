"""Help ▸ About: what Shadowdice is, its version, and the libraries it ships with their licenses.

The version is ``shadowdice.__version__`` (from the package metadata, which pyproject.toml
sets). The libraries are those of the bundle's ``licenses/`` index, which names every library
the bundle carries, or :data:`shadowdice.licenses.COMPONENTS` when the app runs from source;
picking one in the list shows its version, what the app uses it for, where its source is, the
files it brings into the bundle, and its whole license text. The LGPL asks that a player can
swap the Qt libraries for their own builds: the dialog says where they lie.
"""

from __future__ import annotations

from pathlib import Path, PurePath

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from shadowdice import __version__
from shadowdice.core.language import N_, translations
from shadowdice.licenses import (
    COMPONENTS,
    Component,
    bundled_components,
    bundled_licenses_folder,
)
from shadowdice.ui.language import put
from shadowdice.ui.resources import resource_path

_, _n = translations(__name__)

DESCRIPTION = N_(
    "A desktop companion for tabletop role-playing games: character sheets for each "
    "supported rule system and a dice tray that resolves checks by that system's rules."
)

OWN_LICENSE = N_("Shadowdice is free software under the MIT license.")

LGPL_NOTE = N_(
    "Qt, PySide6 and Shiboken6 are used under the GNU LGPL version 3. They are separate "
    "libraries in the Shadowdice installation folder; you may replace them with versions you "
    "built yourself from their source."
)


class AboutDialog(QDialog):
    """The About dialog.

    Attributes:
        heading: "Shadowdice" and the version.
        description: what the app is, and its own license.
        listed: the libraries listed, from the bundle's index or the app's own list.
        components: one row per bundled library: name, version and license.
        details: the picked library's use, source and license, above its text.
        license_text: the picked library's whole license text (read-only).
    """

    def __init__(self, parent: QWidget | None = None, *, licenses: Path | None = None) -> None:
        """``licenses`` is the folder of the license texts (default: the bundle's ``licenses/``,
        or the app's resources when it runs from source); when it holds an index, the dialog
        lists the index's libraries.
        """
        super().__init__(parent)
        if licenses is None:
            licenses = bundled_licenses_folder() or resource_path("licenses")
        self._licenses = licenses
        self.listed = bundled_components(licenses) or COMPONENTS
        put(self.setWindowTitle, _("About Shadowdice"))
        self.resize(920, 600)

        self.heading = QLabel(_("<h2>Shadowdice {version}</h2>", version=__version__))
        self.heading.setObjectName("about_heading")
        self.description = QLabel(
            f"<p>{_(DESCRIPTION)}</p><p>{_(OWN_LICENSE)}</p><p>{_(LGPL_NOTE)}</p>"
        )
        self.description.setObjectName("about_description")
        self.description.setWordWrap(True)

        self.components = QListWidget()
        self.components.setObjectName("about_components")
        for component in self.listed:
            label = " ".join(part for part in (component.name, component.version) if part)
            item = QListWidgetItem(f"{label} — {component.license}")
            item.setData(Qt.ItemDataRole.UserRole, component)
            self.components.addItem(item)
        self.details = QLabel()
        self.details.setObjectName("about_details")
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.details.setOpenExternalLinks(True)
        self.license_text = QPlainTextEdit()
        self.license_text.setObjectName("about_license_text")
        self.license_text.setReadOnly(True)
        # License texts come wrapped at about 80 columns: keep their lines whole.
        self.license_text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.license_text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.details)
        right_layout.addWidget(self.license_text, 1)
        splitter = QSplitter()
        splitter.addWidget(self.components)
        splitter.addWidget(right)
        splitter.setSizes([330, 590])
        splitter.setChildrenCollapsible(False)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.description)
        layout.addWidget(QLabel(_("<b>Shadowdice ships with</b>")))
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)

        self.components.currentItemChanged.connect(self._show_component)
        self.components.setCurrentRow(0)

    def _show_component(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        component: Component = item.data(Qt.ItemDataRole.UserRole)
        source = component.source
        if source.startswith("https://"):
            source = f'<a href="{source}">{source}</a>'
        text = f"<b>{component.name}</b> {component.version}: {_(component.role)}.<br>" + _(
            "License: {license}. Source: {source}", license=component.license, source=source
        )
        carried = [PurePath(file).name for file in component.carries]
        if carried:
            shown = ", ".join(carried[:8]) + (", …" if len(carried) > 8 else "")
            text += "<br>" + _("Files in this installation: {files}", files=shown)
        if component.modules:
            modules = ", ".join(component.modules)
            text += "<br>" + _("Python packages in the program: {modules}", modules=modules)
        self.details.setText(text)
        try:
            text = component.texts(self._licenses)
        except OSError:
            text = _(
                "The license text of {name} is missing from this installation.",
                name=component.name,
            )
        self.license_text.setPlainText(text)
