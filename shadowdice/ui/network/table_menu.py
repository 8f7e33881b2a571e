"""The Table menu: host a table, join one, and keep the window's characters in step with it.

*Table ▸ Host a table* opens this laptop's table and shows the host's panel (join code, QR
code, who is connected); *Table ▸ Join a table* finds tables or takes an address, asks for the
code and which open characters to bring. While at a table:

- a character this laptop brought (or the game master's own) goes out as it changes
  (``shadowdice.network.characters``: fields, and resource changes as what happened), and
  what the game master charged on it comes back into the sheet, as a change of its own on the
  undo stack; the file is saved as always, on this laptop;
- on the game master's laptop, each player's character appears in the party; the game master
  may change its resources (damage, Edge spent), which go to the player as ledger entries, but
  not its other fields (they are the player's), which are put back;
- public rolls go to the table, and those of others come into the history and onto the table
  window, named by the character who rolled; secret rolls never leave (a reveal sends it then).

The main window only makes a :class:`TableMenu`; everything else is here.
"""

from __future__ import annotations

import getpass
import hashlib
import logging
import secrets
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMainWindow, QMenu

from shadowdice.core.language import translations
from shadowdice.core.record import RollRecord
from shadowdice.core.sheet import snapshot
from shadowdice.network import characters
from shadowdice.network.characters import OwnedCharacter, sheet_of
from shadowdice.ui.character_card import CharacterPage
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.language import put

if TYPE_CHECKING:
    from shadowdice.ui.network.link import TableLink

#: The table's own document (``shadowdice.network.shared.TABLE``, which loads the network
#: libraries: they are imported when a table is first hosted or joined, not at start).
TABLE = "table"

_, _n = translations(__name__)
log = logging.getLogger("shadowdice.network")


def character_key(document: CharacterDocument) -> str:
    """A name for a character at the table that stays the same from one evening to the next
    (from its file's path; a character never saved gets a new one).
    """
    seed = str(document.path.resolve()) if document.path else secrets.token_hex(8)
    return hashlib.sha256(seed.encode()).hexdigest()[:16]


def take_in(
    document: CharacterDocument,
    before: dict[str, Any],
    after: dict[str, Any],
    *,
    mark: bool = True,
) -> None:
    """Show a change made on another laptop (the sheet's values ``before`` it and ``after``),
    without putting it on this laptop's undo stack: each side undoes only its own changes.

    The changes already on the stack are moved by the other laptop's change
    (:func:`~shadowdice.network.characters.merged`), so that undoing one later takes back only
    what it did: a number by as much as it moved (Edge 3 → 2 here, −1 there: undoing the first
    gives 2, not 3), an injury in a life circle without the one the other laptop added in
    another, and a choice (a wound level) the other laptop made after it stays as they made it.
    With ``mark``, the document counts as changed (saved with its file).
    """
    from shadowdice.core.sheet import SheetChange
    from shadowdice.ui.character_document import SheetCommand

    moved = [key for key in after if key in before and after[key] != before[key]]
    stack = document.undo_stack
    for index in range(stack.count()):
        command = stack.command(index)
        if isinstance(command, SheetCommand) and moved:
            change = command.change

            def shifted(values: dict[str, Any]) -> dict[str, Any]:
                return {
                    key: characters.merged(value, before[key], after[key])
                    if key in moved
                    else value
                    for key, value in values.items()
                }

            command.change = SheetChange(
                change.label, shifted(change.before), shifted(change.after)
            )
    document.restore(after)
    if mark and not document.modified:
        stack.resetClean()


class TableMenu(QObject):
    """The Table menu of a main window and what it keeps in step."""

    def __init__(self, window: QMainWindow) -> None:
        """``window``: the main window (its party, roll panel, history and game table)."""
        super().__init__(window)
        self.window = window
        self._link: TableLink | None = None
        self.player_name = getpass.getuser()
        self.panel = None
        self._owned: dict[str, tuple[CharacterDocument, OwnedCharacter]] = {}
        self._remote: dict[str, CharacterDocument] = {}
        self._last: dict[str, dict[str, Any]] = {}
        self._quiet = False
        self._rolls_seen: set[str] = set()
        self._players: dict[str, str] = {}
        self.dice_dialog = None
        self._build()
        self._connect_signals()

    def _build(self) -> None:
        bar = self.window.menuBar()
        self.menu = QMenu(bar)
        put(self.menu.setTitle, _("&Table"))
        bar.insertMenu(bar.actions()[-1], self.menu)  # before Help
        self.host_action = self.menu.addAction("", self.host)
        put(self.host_action.setText, _("&Host a table…"))
        self.join_action = self.menu.addAction("", self.open_join_dialog)
        put(self.join_action.setText, _("&Join a table…"))
        self.panel_action = self.menu.addAction("", self.show_panel)
        put(self.panel_action.setText, _("Show the table's &panel"))
        self.menu.addSeparator()
        self.leave_action = self.menu.addAction("", self.leave)
        put(self.leave_action.setText, _("&Leave the table"))
        self._update_actions()

    def _connect_signals(self) -> None:
        self.window.roll_panel.roll_finished.connect(self._on_roll_finished)
        self.window.roll_panel.entry.asked.connect(self._on_dice_asked)
        self.window.history_model.replaced.connect(self._on_record_replaced)

    @property
    def link(self) -> TableLink:
        """The line to the table, made when first needed."""
        if self._link is None:
            from shadowdice.ui.network.link import TableLink

            self._link = TableLink(self.window.paths.data_dir / "table", self)
            self._link.character_changed.connect(self._on_character_changed)
            self._link.table_changed.connect(self._on_table_changed)
            self._link.connection_changed.connect(self._on_connection_changed)
            self._link.removed.connect(self._on_removed)
            self._link.dice_wanted.connect(self._on_dice_wanted)
            self._link.dice_thrown.connect(self._on_dice_thrown)
        return self._link

    @property
    def at_table(self) -> bool:
        """Whether this laptop hosts or joined a table."""
        return self._link is not None and self._link.end is not None

    def _update_actions(self) -> None:
        at_table = self.at_table
        self.host_action.setEnabled(not at_table)
        self.join_action.setEnabled(not at_table)
        self.panel_action.setEnabled(at_table)
        self.leave_action.setEnabled(at_table)

    # --- hosting, joining, leaving ---------------------------------------------------------------

    def host(self) -> str | None:
        """Open this laptop's table, bring its open characters, show the panel; the code."""
        from shadowdice.ui.network.host_panel import HostPanel, local_addresses

        try:
            code = self.link.host(self.player_name)
        except OSError as error:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(
                self.window, _("Table"), _("Cannot open a table: {error}", error=error)
            )
            return None
        addresses = local_addresses()
        self.link.advertise(_("Table of {name}", name=self.player_name), addresses)
        for document in self.window.documents():
            self.bring(document)
        self.link.seat_only(set(self._owned))
        self.panel = HostPanel(self.link, code, addresses, self.window)
        self.panel.show()
        self._update_actions()
        return code

    def open_join_dialog(self):
        """Ask where to join, with which code and characters; join when accepted."""
        from shadowdice.ui.network.join_dialog import JoinDialog

        dialog = JoinDialog(self.link, self.window.documents(), self.player_name, self.window)
        dialog.joined.connect(self._on_joined)
        dialog.open()
        return dialog

    def _on_joined(self, name: str, documents: list) -> None:
        from shadowdice.ui.network.host_panel import HostPanel

        self.player_name = name
        for document in documents:
            self.bring(document)
        self.link.seat_only(set(self._owned))
        self.panel = HostPanel(self.link, "", [], self.window)  # who is there, for a player
        self._update_actions()
        self.window.statusBar().showMessage(_("You joined the table."), 8000)

    def show_panel(self):
        """Show the host's panel (a player's: who is at the table, and their characters)."""
        if self.panel is not None:
            self.panel.show()
            self.panel.raise_()
        return self.panel

    def leave(self) -> None:
        """Leave the table (or close it, on the host); every character stays open here."""
        if self._link is not None:
            self._link.leave()
        for document, _owned in self._owned.values():
            document.sheet_changed.disconnect(self._on_own_changed)
        self._owned.clear()
        for document in self._remote.values():
            # Kept here as a copy: what the game master changes from now on is theirs to save.
            document.saved_elsewhere = False
            document.undo_stack.setClean()
        self._remote.clear()
        self.window.game_table.table_rollers.clear()
        if self.panel is not None:
            self.panel.close()
            self.panel = None
        self._update_actions()

    # --- characters ------------------------------------------------------------------------------

    def seat(self, document: CharacterDocument) -> None:
        """A character was opened or made here: on the game master's laptop it joins the
        table, as those open when the table was hosted did (a player chooses when joining).
        """
        if self.at_table and self.link.hosting and document not in self._remote.values():
            self.bring(document)

    def forget(self, document: CharacterDocument) -> None:
        """A character was closed here: one of this laptop's leaves the party (its document
        is kept for when it is opened again); a player's leaves only this window.
        """
        for doc_id, (owned_document, _owned) in list(self._owned.items()):
            if owned_document is document:
                del self._owned[doc_id]
                document.sheet_changed.disconnect(self._on_own_changed)
                self.link.unseat(doc_id)
        for doc_id, remote in list(self._remote.items()):
            if remote is document:
                del self._remote[doc_id]
                self.window.game_table.table_rollers.discard(document.sheet.name)

    def bring(self, document: CharacterDocument) -> str:
        """Share one of this laptop's characters with the table; its document id."""
        doc_id = self.link.character_id(character_key(document))
        kept = self.link.content(doc_id)
        folded = (kept or {}).get("fields", {}).get(characters.FOLDED, [])
        owned = OwnedCharacter(document.system, document.sheet, folded)
        self._owned[doc_id] = (document, owned)
        self.link.write(doc_id, owned.first(), self._meta(document))
        document.sheet_changed.connect(self._on_own_changed)
        if kept is not None:
            self._fold(doc_id, kept)
        return doc_id

    def _meta(self, document: CharacterDocument) -> dict[str, str]:
        status = document.system.sheet_status(document.sheet)
        return {"system": document.system.id, "player": self.player_name, "status": status}

    def _on_own_changed(self) -> None:
        document = self.sender()
        for doc_id, (owned_document, owned) in self._owned.items():
            if owned_document is document:
                out = owned.changed(document.sheet, lambda: secrets.token_hex(8))
                for entry in out.entries:  # first: until the fields fold them, they count
                    self.link.note(doc_id, entry, self.player_name)
                if out:
                    self.link.write(doc_id, out.fields, self._meta(document))

    def _fold(self, doc_id: str, content: dict[str, Any]) -> None:
        document, owned = self._owned[doc_id]
        before = snapshot(document.sheet)
        labels = owned.fold(document.sheet, content["ledger"])
        if labels:
            # Saved with the file, not on this laptop's undo stack.
            take_in(document, before, snapshot(document.sheet))
            message = _("At the table: {changes}", changes=", ".join(labels))
            self.window.statusBar().showMessage(message, 10000)

    def _on_character_changed(self, doc_id: str, content: dict[str, Any]) -> None:
        if doc_id in self._owned:
            self._fold(doc_id, content)
        elif self.link.hosting and not self.link.owns(doc_id) and content["meta"]:
            from shadowdice.network.shared import seated

            if not seated(content["meta"]):
                self._close_remote(doc_id)
            else:
                self._show_remote(doc_id, content)

    def _close_remote(self, doc_id: str) -> None:
        """A player closed their character: it leaves the game master's party too."""
        document = self._remote.get(doc_id)
        if document is not None:
            self.window._forget(self.window._pages[document])  # it is the player's: no saving

    def _show_remote(self, doc_id: str, content: dict[str, Any]) -> None:
        try:
            system = self.window.registry.get(content["meta"].get("system", ""))
            sheet = sheet_of(system, content)
        except (KeyError, ValueError, ValidationError) as error:
            log.warning("a character from the table cannot be shown: %s", error)
            return
        document = self._remote.get(doc_id)
        self._last[doc_id] = snapshot(sheet)
        if document is not None:
            self._keep_secrets(document, self._last[doc_id])
        if document is None:
            document = CharacterDocument(system, sheet, parent=self.window)
            document.saved_elsewhere = True  # on the player's laptop: nothing to save here
            self._remote[doc_id] = document
            document.destroyed.connect(lambda _=None, d=doc_id: self._remote.pop(d, None))
            self.window._add_tab(document, CharacterPage.PLAY, show=False)
            self.window.left.show_party(True)  # in place of the welcome screen
            document.sheet_changed.connect(self._on_remote_changed)
            self.window.game_table.table_rollers.add(sheet.name)  # throws on its laptop
            return
        self._quiet = True
        try:
            take_in(document, snapshot(document.sheet), self._last[doc_id], mark=False)
        finally:
            self._quiet = False

    @staticmethod
    def _keep_secrets(document: CharacterDocument, theirs: dict[str, Any]) -> None:
        """Where the player's copy holds what this laptop sent of its own values (a secret
        dodge without its total), this laptop's values stand in ``theirs``, numbers and all.
        """
        system, ours = document.system, snapshot(document.sheet)
        for key in system.game_master_fields() & theirs.keys() & ours.keys():
            if theirs[key] != ours[key] and system.shown_to_owner(key, ours[key]) == theirs[key]:
                theirs[key] = ours[key]

    def _on_remote_changed(self) -> None:
        if self._quiet:
            return
        document = self.sender()
        doc_id = next((d for d, doc in self._remote.items() if doc is document), None)
        if doc_id is None:
            return
        system = document.system
        before = type(document.sheet).model_validate(self._last[doc_id])
        for key, spec in characters.resources_of(system).items():
            delta = spec.get(document.sheet) - spec.get(before)
            if delta:
                entry = {
                    "resource": key,
                    "delta": delta,
                    "label": characters.change_label(spec, delta),
                }
                self.link.note(doc_id, entry, self.player_name)
                spec.put(before, spec.get(document.sheet))
        was, now = snapshot(before), snapshot(document.sheet)
        for key in sorted(system.game_master_fields() & now.keys()):
            if now[key] != was[key]:  # an injury, a dodge kept: what happened, as a change
                label = _("{field} changed", field=characters.field_label(system, key))
                # Without a secret roll's numbers (a secret dodge's total): this laptop keeps them.
                change = tuple(system.shown_to_owner(key, value) for value in (was[key], now[key]))
                self.link.note_field(doc_id, key, change, label, self.player_name)
                characters.with_field(before, key, now[key])
        if snapshot(before) != snapshot(document.sheet):
            # Not the game master's to change: the player's. Put it back.
            self._quiet = True
            try:
                document.restore(snapshot(before))
            finally:
                self._quiet = False
            self.window.statusBar().showMessage(
                _("Only its player changes this sheet; damage and resources you can change."), 10000
            )
        self._last[doc_id] = snapshot(before)

    # --- dice thrown on the players' laptops -------------------------------------------

    def _on_dice_asked(self, request) -> None:
        """The roll waits for a player's character's dice: ask that player's laptop (never for
        a secret roll's: those are typed here).
        """
        if not self.at_table or not self.link.hosting or request.secret:
            return
        for doc_id, document in self._remote.items():
            if request.roller in {document.sheet.name, document.title}:
                self.link.ask_dice(doc_id, request)
                from shadowdice.ui.play.tray.dice_entry import request_words

                entry = self.window.roll_panel.entry
                player = self._players.get(doc_id.split("/")[0], "")
                where = _("thrown on {player}'s laptop, or type them here", player=player)
                entry.title.setText(f"{request_words(request)} · {where}")
                return

    def _on_dice_thrown(self, request, faces) -> None:
        """The faces from the player's laptop go into the roll, typed in or thrown digitally
        as they were there.
        """
        if self.window.roll_panel.entry.request is request:  # not answered here meanwhile
            self.window.roll_panel.answer(faces)

    def _on_dice_wanted(self, doc_id: str, count: int, sides: int, purpose: str, future) -> None:
        from shadowdice.core.dice import DiceRequest, Faces
        from shadowdice.ui.network.dice_request import DiceRequestDialog

        document = self._owned.get(doc_id, (None, None))[0]
        if document is None:
            future.set_exception(LookupError(doc_id))
            return
        request = DiceRequest(count, sides, purpose, document.sheet.name)
        dialog = DiceRequestDialog(
            document.title,
            count,
            sides,
            purpose,
            lambda: self.window.dice_source.throw(request),
            self.window,
        )
        dialog.thrown.connect(
            lambda faces, typed: future.set_result(Faces(faces, [typed] * len(faces)))
        )
        dialog.open()
        self.dice_dialog = dialog

    # --- rolls -----------------------------------------------------------------------------------

    def _on_roll_finished(self, record: RollRecord) -> None:
        if not self.at_table or (record.secret and not record.revealed):
            return
        self._publish(record)

    def _on_record_replaced(self, old: RollRecord, new: RollRecord) -> None:
        if self.at_table and new.revealed and not old.revealed:
            self._publish(new)

    def _publish(self, record: RollRecord) -> None:
        if self.link.hosting:
            doc_id = TABLE
        else:
            doc_id = next(
                (d for d, (doc, _o) in self._owned.items() if doc.sheet.name == record.character),
                None,
            )
            if doc_id is None:
                return  # a roll of no character of ours: not the table's
        text = f"{record.character}: {record.check}" if record.character else record.check
        self.link.add_roll(doc_id, text, record.model_dump(mode="json"), self.player_name)

    def _on_table_changed(self, content: dict[str, Any]) -> None:
        mine = {doc.sheet.name for doc, _owned in self._owned.values()}
        for roll in content["rolls"]:
            if roll["id"] in self._rolls_seen:
                continue
            self._rolls_seen.add(roll["id"])
            if roll["by"] == self.player_name and (
                self.link.hosting or roll["record"].get("character") in mine
            ):
                continue  # our own: already in the history
            try:
                record = RollRecord.model_validate(roll["record"])
            except ValidationError as error:
                log.warning("a roll from the table cannot be read: %s", error)
                continue
            self.window.history_model.add(record)
            self.window.game_table.add_public(record)
        self._players = {laptop: p.get("name", "") for laptop, p in content["players"].items()}
        if self.panel is not None:
            self.panel.show_players(content["players"], content["party"])

    def _on_connection_changed(self, connected: bool) -> None:
        message = (
            _("Back at the table.")
            if connected
            else _("The table cannot be reached: your changes wait here and go when it is back.")
        )
        self.window.statusBar().showMessage(message, 10000)

    def _on_removed(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        self.leave()
        QMessageBox.information(
            self.window, _("Table"), _("The game master removed this laptop from the table.")
        )
