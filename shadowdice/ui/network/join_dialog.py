"""Table ▸ Join a table: the tables found on the network or a typed address, the join code,
the player's name, and which of the open characters to bring.

An address is typed as ``192.168.1.20``, ``192.168.1.20:47030``, ``[fe80::1%wlan0]:47030``,
or pasted as the text of the host's QR code (``shadowdice://…?code=…``, which fills in the
code too).
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.language import put
from shadowdice.ui.network.link import DEFAULT_PORT, TableLink

_, _n = translations(__name__)


def parse_address(text: str) -> tuple[str, int, str]:
    """``(host, port, code)`` from a typed address (code "" unless the text carries one).

    >>> parse_address("192.168.1.20")
    ('192.168.1.20', 47030, '')
    >>> parse_address("shadowdice://[fe80::1%wlan0]:5000?code=7KQ2MX")
    ('fe80::1%wlan0', 5000, '7KQ2MX')

    Raises:
        ValueError: not an address.
    """
    text = text.strip()
    if not text:
        raise ValueError("no address")
    if "://" not in text:
        bare_ipv6 = text.count(":") > 1 and not text.startswith("[")
        text = f"shadowdice://[{text}]" if bare_ipv6 else f"shadowdice://{text}"
    parts = urlsplit(text.replace("%", "%25") if "[" in text else text)
    host = (parts.hostname or "").replace("%25", "%")
    if not host or any(c.isspace() for c in host):
        raise ValueError("no host")
    if "[" in text and "%" in text:
        host = text[text.index("[") + 1 : text.index("]")]  # the scope kept as written
    code = parse_qs(parts.query).get("code", [""])[0]
    return host, parts.port or DEFAULT_PORT, code


class JoinDialog(QDialog):
    """Where to join, with which code, as whom, bringing which characters.

    Signals:
        joined(str, list): joined as this name, bringing these documents.
    """

    joined = Signal(str, list)

    def __init__(
        self,
        link: TableLink,
        documents: list[CharacterDocument],
        name: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.link = link
        self.setObjectName("join_dialog")
        put(self.setWindowTitle, _("Join a table"))
        self.found = QListWidget()
        self.found.setObjectName("tables_found")
        self.address_edit = QLineEdit()
        self.address_edit.setObjectName("address")
        put(self.address_edit.setPlaceholderText, _("e.g. 192.168.1.20:47030"))
        self.code_edit = QLineEdit()
        self.code_edit.setObjectName("code")
        put(self.code_edit.setPlaceholderText, _("the code the game master shows"))
        self.name_edit = QLineEdit(name)
        last = link.last_join()
        if last:  # rejoining after a restart: the same table, the same code
            host = f"[{last['host']}]" if ":" in last["host"] else last["host"]
            self.address_edit.setText(f"{host}:{last['port']}")
            self.code_edit.setText(last["code"])
            self.name_edit.setText(last["name"])
        self.characters = QListWidget()
        self.characters.setObjectName("characters")
        for document in documents:
            item = QListWidgetItem(document.title)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            item.setData(Qt.ItemDataRole.UserRole, document)
            self.characters.addItem(item)
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        put(self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText, _("&Join"))

        form = QFormLayout()
        captions = [
            (_("Tables found:"), self.found),
            (_("&Address:"), self.address_edit),
            (_("&Code:"), self.code_edit),
            (_("Your &name:"), self.name_edit),
            (_("Characters to &bring:"), self.characters),
        ]
        for text, widget in captions:
            caption = QLabel()
            put(caption.setText, text)
            caption.setBuddy(widget)
            form.addRow(caption, widget)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self._connect_signals()
        self._show_searching()
        link.browse()

    def _connect_signals(self) -> None:
        self.link.table_found.connect(self._on_table_found)
        self.link.table_lost.connect(self._on_table_lost)
        self.found.currentItemChanged.connect(self._on_current_item_changed)
        self.buttons.accepted.connect(self.join)
        self.buttons.rejected.connect(self.reject)
        self.finished.connect(self._on_finished)

    def _show_searching(self) -> None:
        item = QListWidgetItem(_("Looking for tables on this network…"))
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.found.addItem(item)

    def _on_table_found(self, table) -> None:
        for row in range(self.found.count()):
            item = self.found.item(row)
            if item.data(Qt.ItemDataRole.UserRole) is None or item.text() == table.name:
                self.found.takeItem(row)
                break
        item = QListWidgetItem(table.name)
        address = table.addresses[0]
        shown = f"[{address}]" if ":" in address else address
        item.setData(Qt.ItemDataRole.UserRole, f"{shown}:{table.port}")
        item.setToolTip(f"{shown}:{table.port}")
        self.found.addItem(item)
        if self.found.count() == 1:
            self.found.setCurrentItem(item)

    def _on_table_lost(self, name: str) -> None:
        for item in self.found.findItems(name, Qt.MatchFlag.MatchExactly):
            self.found.takeItem(self.found.row(item))

    def _on_current_item_changed(self, current: QListWidgetItem | None, _previous) -> None:
        if current is not None and current.data(Qt.ItemDataRole.UserRole):
            self.address_edit.setText(current.data(Qt.ItemDataRole.UserRole))
            self.code_edit.setFocus()

    def chosen(self) -> list[CharacterDocument]:
        """The characters ticked to bring."""
        return [
            self.characters.item(row).data(Qt.ItemDataRole.UserRole)
            for row in range(self.characters.count())
            if self.characters.item(row).checkState() == Qt.CheckState.Checked
        ]

    def join(self) -> bool:
        """Join with what is filled in; say what went wrong and stay open if it failed."""
        from shadowdice.network.client import WrongCodeError
        from shadowdice.network.secure import BusyError

        try:
            host, port, code = parse_address(self.address_edit.text())
        except ValueError:
            return self._fail(_("Type the address the game master's panel shows."))
        code = self.code_edit.text().strip() or code
        if not code:
            return self._fail(_("Type the join code the game master's panel shows."))
        name = self.name_edit.text().strip() or _("Player")
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.link.join((host, port), code, name)
        except WrongCodeError:
            return self._fail(_("The table did not take this code. Check it and try again."))
        except BusyError:
            return self._fail(
                _("The table takes no code for a moment (too many tries). Wait a little.")
            )
        except (OSError, TimeoutError) as error:
            return self._fail(
                _("No table answers at {address} ({error}).", address=f"{host}:{port}", error=error)
            )
        finally:
            QGuiApplication.restoreOverrideCursor()
        self.joined.emit(name, self.chosen())
        self.accept()
        return True

    def _fail(self, message: str) -> bool:
        self.problem.setText(message)
        return False

    def _on_finished(self, _result: int) -> None:
        self.link.stop_browsing()
