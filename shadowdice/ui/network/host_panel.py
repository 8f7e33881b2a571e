"""The host's panel: the join code, the table's address as text and as a QR code, and who is
at the table, with a button to send someone away.

The QR code (drawn with ``segno``) holds the address and the code as
``shadowdice://192.168.1.20:47030?code=7KQ2MX``, for networks where discovery is blocked: the
join dialog takes that text, typed or pasted, as an address.
"""

from __future__ import annotations

import io
import ipaddress

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.ui.language import put
from shadowdice.ui.network.link import TableLink

_, _n = translations(__name__)


def local_addresses() -> list[str]:
    """This laptop's addresses on its networks: IPv4 first, no loopback, no link-local IPv6
    (which would need its scope); 127.0.0.1 when there is nothing else.
    """
    import ifaddr

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6: link-local without a scope means nothing to others
            address = ipaddress.ip_address(ip.ip)
            if not address.is_loopback and not address.is_link_local:
                found.append(ip.ip)
    return sorted(set(found)) or ["127.0.0.1"]


def table_url(address: str, port: int, code: str) -> str:
    """The text of the QR code: where the table is, and its code."""
    host = f"[{address}]" if ":" in address else address
    return f"shadowdice://{host}:{port}?code={code}"


def qr_pixmap(text: str, scale: int = 5) -> QPixmap:
    """A QR code of ``text``."""
    import segno

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class HostPanel(QDialog):
    """The table as its host sees it (a window beside the main one, not in its way)."""

    def __init__(
        self, link: TableLink, code: str, addresses: list[str], parent: QWidget | None
    ) -> None:
        """A player's laptop makes it with no ``code``: who is at the table, nothing more."""
        super().__init__(parent)
        from shadowdice.network.secure import shown_code

        self.link = link
        self.setObjectName("host_panel")
        put(self.setWindowTitle, _("Your table"))
        self.code_label = QLabel(shown_code(code) if code else "")
        self.code_label.setObjectName("join_code")
        font = QFont(self.code_label.font())
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.code_label.setFont(font)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        where = [f"{address}:{link.port}" for address in addresses]
        self.address_label = QLabel("\n".join(where))
        self.address_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.qr_label = QLabel()
        if code:
            self.qr_label.setPixmap(qr_pixmap(table_url(addresses[0], link.port, code)))
        put(self.qr_label.setToolTip, _("The table's address and code, for a camera"))
        self.players = QListWidget()
        self.players.setObjectName("players")
        self.remove_button = QPushButton()
        put(self.remove_button.setText, _("&Remove from the table"))
        self.remove_button.setEnabled(False)
        self.close_button = QPushButton()
        put(self.close_button.setText, _("Close"))

        form = QFormLayout()
        code_caption = QLabel()
        put(code_caption.setText, _("Join code:"))
        address_caption = QLabel()
        put(address_caption.setText, _("Address:"))
        form.addRow(code_caption, self.code_label)
        form.addRow(address_caption, self.address_label)
        top = QHBoxLayout()
        top.addLayout(form, 1)
        top.addWidget(self.qr_label, 0, Qt.AlignmentFlag.AlignTop)
        players_caption = QLabel()
        put(players_caption.setText, _("At the table:"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(players_caption)
        layout.addWidget(self.players, 1)
        layout.addLayout(buttons)
        self._connect_signals()
        self.show_players({})
        if not code:
            put(self.setWindowTitle, _("At the table"))
            for widget in (code_caption, self.code_label, address_caption, self.address_label):
                widget.hide()
            self.qr_label.hide()
            self.remove_button.hide()

    def _connect_signals(self) -> None:
        self.players.currentItemChanged.connect(self._on_current_item_changed)
        self.remove_button.clicked.connect(self._on_remove_clicked)
        self.close_button.clicked.connect(self.hide)

    def show_players(self, players: dict[str, dict], party: dict[str, dict] | None = None) -> None:
        """Show who joined, with their characters: connected ones first, by name."""
        self.players.clear()
        ordered = sorted(players.items(), key=lambda p: (not p[1].get("connected"), p[1]["name"]))
        for laptop, player in ordered:
            name = str(player.get("name", ""))
            brought = sorted(
                str(character.get("name", ""))
                + (f" ({character['status']})" if character.get("status") else "")
                for doc_id, character in (party or {}).items()
                if doc_id.startswith(f"{laptop}/")
            )
            if brought:
                name = f"{name}: {', '.join(brought)}"
            text = name if player.get("connected") else _("{name} (away)", name=name)
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, laptop)
            self.players.addItem(item)
        if not players:
            item = QListWidgetItem(_("Nobody yet: players choose Table ▸ Join a table."))
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.players.addItem(item)
        self.remove_button.setEnabled(False)

    def _on_current_item_changed(self, current: QListWidgetItem | None, _previous) -> None:
        laptop = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        self.remove_button.setEnabled(bool(laptop))

    def _on_remove_clicked(self) -> None:
        item = self.players.currentItem()
        if item is not None and item.data(Qt.ItemDataRole.UserRole):
            self.link.remove(item.data(Qt.ItemDataRole.UserRole))
