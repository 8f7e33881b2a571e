"""The table on the network in the window: Table ▸ Host a table and Table ▸ Join a table,
with the other end a real laptop process (tests/network/peer.py) on 127.0.0.1.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt

from shadowdice.core.record import OutcomeRecord, RollRecord
from shadowdice.core.sheet import snapshot
from tests.network.peers import Peer

CODE = "W1NDW0"


@pytest.fixture
def hosting(window, monkeypatch):
    """The window hosts a table on 127.0.0.1 (never another address) and closes it after."""
    from shadowdice.ui.network import link, table_menu

    monkeypatch.setattr(link, "DEFAULT_PORT", 0)
    monkeypatch.setattr("shadowdice.ui.network.host_panel.local_addresses", lambda: ["127.0.0.1"])
    original = link.TableLink.host
    monkeypatch.setattr(
        link.TableLink,
        "host",
        lambda self, name, address="127.0.0.1", port=0: original(self, name, "127.0.0.1", port),
    )
    monkeypatch.setattr(link.TableLink, "advertise", lambda self, name, addresses: None)
    assert table_menu  # imported for the patches above
    yield window
    window.table_menu.leave()


def test_hosting_shows_the_code_the_qr_code_and_the_players_who_join(hosting, qtbot, tmp_path):
    window = hosting
    code = window.table_menu.host()
    panel = window.table_menu.panel
    assert panel.isVisible()
    assert re.fullmatch(r"[0-9A-Z]{3}-[0-9A-Z]{3}", panel.code_label.text())
    assert panel.code_label.text().replace("-", "") == code
    assert not panel.qr_label.pixmap().isNull()
    assert f"127.0.0.1:{window.table_menu.link.port}" in panel.address_label.text()
    assert not window.table_menu.host_action.isEnabled()

    port = str(window.table_menu.link.port)
    player = Peer("player", tmp_path / "anna", code, "--port", port, "--name", "Anna")
    try:
        doc = player.request(
            "new", key="kira", system="shadowrun4", fields={"name": "Kira", "edge_current": 3}
        )
        # The player is listed, and the character joins the party within a second or two.
        qtbot.waitUntil(lambda: panel.players.item(0).text() == "Anna: Kira")
        qtbot.waitUntil(lambda: "Kira" in [d.title for d in window.documents()], timeout=5000)
        kira = next(d for d in window.documents() if d.title == "Kira")
        assert kira.sheet.edge_current == 3
        # Hosted with no character open, the window shows the party, not the welcome page.
        assert not window.left.welcome.isVisible() and window.party_roster.isVisible()

        # The player spends Edge on their laptop: the game master sees it.
        player.request("res", doc=doc, resource="edge_current", delta=-1, label="−1 Edge")
        qtbot.waitUntil(lambda: kira.sheet.edge_current == 2)

        # The game master applies damage: it goes to the player as what happened.
        [damage] = [r for r in kira.resources() if r.key == "physical_damage"]
        kira.set_resource(damage, 2)
        qtbot.waitUntil(
            lambda: any(
                e["resource"] == "physical_damage" and e["delta"] == 2
                for e in player.request("state")[doc]["ledger"]
            )
        )
        # The player takes a wound too; the game master's undo takes back only their own two.
        player.request("res", doc=doc, resource="physical_damage", delta=1, label="+1")
        qtbot.waitUntil(lambda: kira.sheet.physical_damage == 3)
        kira.undo_stack.undo()
        assert kira.sheet.physical_damage == 1
        qtbot.waitUntil(
            lambda: (
                sum(
                    e["delta"]
                    for e in player.request("state")[doc]["ledger"]
                    if e["resource"] == "physical_damage"
                )
                == 1
            )
        )
        # But not the player's own fields: the name is put back.
        [name] = [f for f in kira.fields() if f.key == "name"]
        kira.set_field(name, "Taken")
        assert kira.sheet.name == "Kira"
        assert player.request("state")[doc]["fields"]["name"] == "Kira"

        # The player's public roll comes into the history and onto the table window.
        roll = public_record("Kira").model_dump(mode="json")
        player.request("roll", doc=doc, text="Kira: Agility + Pistols", record=roll)
        qtbot.waitUntil(lambda: any(r.character == "Kira" for r in window.history_model.records()))

        # Removing the player: they are away, and cannot come back.
        panel.players.setCurrentRow(0)
        panel.remove_button.click()
        qtbot.waitUntil(lambda: "away" in panel.players.item(0).text())
    finally:
        player.quit()


def public_record(character: str, *, secret: bool = False) -> RollRecord:
    return RollRecord(
        system="shadowrun4",
        character=character,
        check="Agility + Pistols",
        throws=(),
        outcome=OutcomeRecord(headline="2 hits", tone="success", detail=""),
        time=datetime(2026, 11, 28, 20, 15, tzinfo=UTC),
        secret=secret,
    )


def test_secret_rolls_stay_on_the_game_masters_laptop_until_revealed(hosting, qtbot):
    window = hosting
    window.table_menu.host()
    link = window.table_menu.link
    secret = public_record("Ambush", secret=True)
    window.roll_panel.roll_finished.emit(secret)
    window.roll_panel.roll_finished.emit(public_record("Open"))
    qtbot.waitUntil(lambda: len(link.content("table")["rolls"]) == 1)
    assert [r["record"]["character"] for r in link.content("table")["rolls"]] == ["Open"]
    window.history_model.add(secret)
    revealed = secret.model_copy(update={"revealed": True})
    window.history_model.replace(secret, revealed)
    qtbot.waitUntil(lambda: len(link.content("table")["rolls"]) == 2)


@pytest.fixture
def host_process(tmp_path, monkeypatch):
    """The game master's laptop, a process on 127.0.0.1; no multicast browsing from here."""
    monkeypatch.setattr("shadowdice.ui.network.link.TableLink.browse", lambda self: None)
    host = Peer("host", tmp_path / "host", CODE)
    yield host
    host.quit()


def test_joining_brings_the_chosen_characters_and_a_wrong_code_is_said(
    window, qtbot, host_process, tmp_path
):
    host = host_process
    zed = window.new_character_of("shadowrun4")
    [name] = [f for f in zed.fields() if f.key == "name"]
    zed.set_field(name, "Zed")
    other = window.new_character_of("generic_dice")
    dialog = window.table_menu.open_join_dialog()
    assert dialog.characters.count() == 2
    dialog.characters.item(1).setCheckState(Qt.CheckState.Unchecked)  # only Zed comes
    dialog.address_edit.setText(f"127.0.0.1:{host.port}")
    dialog.code_edit.setText("WR0NG1")
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert dialog.isVisible()
    assert "did not take this code" in dialog.problem.text()

    dialog.code_edit.setText(CODE.lower()[:3] + "-" + CODE.lower()[3:])
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert not dialog.isVisible()
    try:

        def zed_at_host():
            state = host.request("state")
            return [d for d, c in state.items() if c.get("fields", {}).get("name") == "Zed"]

        qtbot.waitUntil(lambda: bool(zed_at_host()), timeout=5000)
        [doc] = zed_at_host()
        assert not any(
            c.get("fields", {}).get("name") == other.title for c in host.request("state").values()
        )
        # The player spends Edge; the game master charges Edge in a contest: it comes into
        # the sheet, to be saved with the file, but not onto the player's undo stack.
        edge = zed.sheet.edge_current
        [edge_spec] = [r for r in zed.resources() if r.key == "edge_current"]
        zed.set_resource(edge_spec, edge - 1)
        undoable = zed.undo_stack.count()
        host.request("res", doc=doc, resource="edge_current", delta=-1, label="−1 Edge")
        qtbot.waitUntil(lambda: zed.sheet.edge_current == edge - 2)
        assert zed.modified
        assert zed.undo_stack.count() == undoable
        # The player's undo gives back their own Edge only: the game master's charge stands.
        zed.undo_stack.undo()
        assert zed.sheet.edge_current == edge - 1
        qtbot.waitUntil(lambda: host.request("state")[doc]["fields"]["edge_current"] == edge - 1)
        # The player's panel lists who is at the table, with their characters.
        panel = window.table_menu.show_panel()
        assert panel.remove_button.isHidden() and panel.qr_label.isHidden()
        qtbot.waitUntil(
            lambda: any("Zed" in panel.players.item(i).text() for i in range(panel.players.count()))
        )
        # The next time, the dialog offers the same table, code and name.
        again = window.table_menu.link.last_join()
        assert (again["host"], again["port"], again["code"]) == ("127.0.0.1", host.port, CODE)
        offered = window.table_menu.open_join_dialog()
        assert offered.address_edit.text() == f"127.0.0.1:{host.port}"
        assert offered.code_edit.text() == CODE
        offered.reject()
        # And the player's own edit goes to the game master.
        zed.set_field(name, "Zed the Fixer")
        qtbot.waitUntil(lambda: host.request("state")[doc]["fields"]["name"] == "Zed the Fixer")
        # Closed on the player's laptop, Zed leaves the game master's party.
        assert doc in host.request("state")["table"]["party"]
        assert window.close_document(window.documents().index(zed))
        qtbot.waitUntil(lambda: doc not in host.request("state")["table"]["party"])
        assert host.request("state")[doc]["meta"]["seated"] == "no"
    finally:
        window.table_menu.leave()


@pytest.fixture
def anna_with_kira(hosting, qtbot, tmp_path):
    """The window hosts; Anna's laptop (a process) joined with Kira, who is in the party."""
    window = hosting
    code = window.table_menu.host()
    port = str(window.table_menu.link.port)
    player = Peer("player", tmp_path / "anna", code, "--port", port, "--name", "Anna")
    try:
        player.request("new", key="kira", system="shadowrun4", fields={"name": "Kira"})
        qtbot.waitUntil(lambda: "Kira" in [d.title for d in window.documents()], timeout=5000)
        yield window, next(d for d in window.documents() if d.title == "Kira"), player
    finally:
        player.quit()


def test_dice_of_a_players_character_are_thrown_on_the_players_laptop(anna_with_kira, qtbot):
    from shadowdice.core.dice import DiceRequest

    window, _kira, _player = anna_with_kira
    entry = window.roll_panel.entry
    try:
        # A contest waits for Kira's dice: her player's laptop throws them.
        assert "Kira" in window.game_table.table_rollers
        request = DiceRequest(3, 6, "Edge dice", "Kira")
        thrown = window.table_menu.link.dice_thrown
        with qtbot.waitSignal(thrown, timeout=5000) as answered:
            entry.ask(request)
            assert "Anna" in entry.title.text()
        asked, faces = answered.args
        assert asked is request
        assert len(faces) == 3 and all(1 <= face <= 6 for face in faces)
        assert faces.typed == (False, False, False)  # thrown digitally there
    finally:
        entry.close_request()


def test_a_player_throws_what_the_game_master_asks_for(window, qtbot, host_process, dice):
    import threading

    host = host_process
    kira = window.new_character_of("shadowrun4")
    [name] = [f for f in kira.fields() if f.key == "name"]
    kira.set_field(name, "Kira")
    dialog = window.table_menu.open_join_dialog()
    dialog.address_edit.setText(f"127.0.0.1:{host.port}")
    dialog.code_edit.setText(CODE)
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    try:
        state = {}
        qtbot.waitUntil(
            lambda: bool(state.update(host.request("state")) or len(state) > 1), timeout=5000
        )
        [doc] = [d for d in state if d != "table"]
        asked = {}
        thread = threading.Thread(
            target=lambda: asked.update(faces=host.request("ask", doc=doc, count=2, sides=6))
        )
        thread.start()
        qtbot.waitUntil(lambda: window.table_menu.dice_dialog is not None, timeout=5000)
        ask = window.table_menu.dice_dialog
        ask.faces_edit.setText("7 1")
        ask.typed_button.click()
        assert ask.isVisible() and "1 to 6" in ask.problem.text()
        ask.faces_edit.setText("6 1")
        ask.typed_button.click()
        thread.join(10)
        assert asked["faces"] == {"faces": [6, 1], "typed": True}
        # Or the player throws them on their laptop, digitally.
        thread = threading.Thread(
            target=lambda: asked.update(faces=host.request("ask", doc=doc, count=3, sides=6))
        )
        thread.start()
        qtbot.waitUntil(lambda: window.table_menu.dice_dialog is not ask, timeout=5000)
        dice.extend([3, 4, 2])
        window.table_menu.dice_dialog.digital_button.click()
        thread.join(10)
        assert asked["faces"] == {"faces": [3, 4, 2], "typed": False}
    finally:
        window.table_menu.leave()


def test_a_check_of_a_players_character_waits_for_the_dice_of_the_players_laptop(
    anna_with_kira, qtbot
):
    window, kira, _player = anna_with_kira
    window.show_party_member(window.documents().index(kira))
    # The game master rolls for Kira: her dice come from Anna's laptop, and the roll ends.
    panel = window.check_panel
    panel.widget("modifier").setValue(2)
    assert panel.roll_button.isEnabled(), panel.preview.text()
    panel.roll_button.click()
    assert "Anna's laptop" in window.roll_panel.entry.title.text()
    qtbot.waitUntil(lambda: window.roll_panel.entry.request is None, timeout=8000)
    window.done_action.trigger()
    qtbot.waitUntil(lambda: any(r.character == "Kira" for r in window.history_model.records()))
    [record] = [r for r in window.history_model.records() if r.character == "Kira"]
    # Thrown digitally there, and so recorded here: not as dice typed in.
    assert record.throws and not any(die.typed for throw in record.throws for die in throw.dice)


def test_characters_opened_after_hosting_join_the_table_and_closed_ones_leave_it(
    anna_with_kira, qtbot, prompts, tmp_path
):
    window, _kira, player = anna_with_kira

    def party() -> dict[str, dict]:
        seated = player.request("state")["table"]["party"].values()
        assert len({c["name"] for c in seated}) == len(seated)  # each once
        return {c["name"]: c for c in seated}

    qtbot.waitUntil(lambda: party().keys() == {"Kira"}, timeout=5000)
    # The game master makes a character after hosting: Anna's laptop sees it in the party.
    gunnar = window.new_character_of("shadowrun4")
    [name] = [f for f in gunnar.fields() if f.key == "name"]
    gunnar.set_field(name, "Gunnar")
    qtbot.waitUntil(lambda: party().keys() == {"Gunnar", "Kira"}, timeout=5000)
    # Its changes go to the table like those of a character open when the table was hosted.
    [edge] = [r for r in gunnar.resources() if r.key == "edge_current"]
    gunnar.set_resource(edge, gunnar.sheet.edge_current - 1)
    qtbot.waitUntil(lambda: party()["Gunnar"]["resources"] == {"edge_current": -1})
    # Saved and closed, it leaves the party; opened again from its file, it is back.
    prompts.save_answers.append(tmp_path / "gunnar.shadowdice")
    assert window.save(gunnar, ask=True)
    assert window.close_document(window.documents().index(gunnar))
    qtbot.waitUntil(lambda: party().keys() == {"Kira"}, timeout=5000)
    window.open_path(tmp_path / "gunnar.shadowdice")
    qtbot.waitUntil(lambda: party().keys() == {"Gunnar", "Kira"}, timeout=5000)

    # Anna closes Kira on her laptop: Kira leaves the game master's window too.
    [doc] = [d for d, c in player.request("state").items() if c.get("fields", {}).get("name")]
    player.request("set", doc=doc, fields={}, meta={"seated": "no"})
    qtbot.waitUntil(lambda: "Kira" not in [d.title for d in window.documents()], timeout=5000)
    assert "Kira" not in window.game_table.table_rollers
    qtbot.waitUntil(lambda: party().keys() == {"Gunnar"}, timeout=5000)


def test_a_character_of_an_earlier_evening_not_open_now_is_not_in_the_party(hosting, qtbot):
    window = hosting
    ines = window.new_character_of("shadowrun4")
    [name] = [f for f in ines.fields() if f.key == "name"]
    ines.set_field(name, "Ines")
    window.table_menu.host()
    link = window.table_menu.link

    def seated() -> list[str]:
        return sorted(c["name"] for c in link.content("table")["party"].values())

    qtbot.waitUntil(lambda: seated() == ["Ines"])
    window.table_menu.leave()
    window.close_document(window.documents().index(ines))  # closed while no table is hosted
    jola = window.new_character_of("shadowrun4")
    jola.set_field(name, "Jola")
    window.table_menu.host()
    qtbot.waitUntil(lambda: seated() == ["Jola"])


@pytest.fixture
def player_character(hosting, qtbot, tmp_path):
    """The window hosts; a player's laptop (a process) joins with a character of the sheet
    given: ``seat(system_id, sheet)`` returns the player, the document id, and the character
    in the game master's window.
    """
    window = hosting
    code = window.table_menu.host()
    players = []

    def seat(system_id: str, sheet):
        port = str(window.table_menu.link.port)
        player = Peer("player", tmp_path / "p", code, "--port", port, "--name", "Anna")
        players.append(player)
        doc = player.request("new", key="main", system=system_id, fields=snapshot(sheet))
        qtbot.waitUntil(lambda: sheet.name in [d.title for d in window.documents()], timeout=5000)
        return player, doc, next(d for d in window.documents() if d.title == sheet.name)

    yield seat
    for player in players:
        player.quit()


def test_undo_takes_back_the_game_masters_injury_and_keeps_the_players(player_character, qtbot):
    from shadowdice.network.characters import sheet_of
    from shadowdice.systems import builtin_registry

    system = builtin_registry().get("heldenhandbuch")
    brun = system.new_sheet()
    brun.name = "Brun"
    player, doc, there = player_character("heldenhandbuch", brun)
    circles = next(t for t in there.tables() if t.key == "life_circles")
    columns = [c.key for c in circles.columns]
    # The game master puts a heavy injury in life circle 1.
    there.set_cell(circles, 0, columns.index("heavy"), 1)
    qtbot.waitUntil(lambda: len(player.request("state")[doc]["ledger"]) == 1)

    def at_the_player():
        return sheet_of(system, player.request("state")[doc]).life_circles

    assert at_the_player()[0].heavy == 1
    # Meanwhile the player writes a light injury in life circle 4 on their laptop.
    own = snapshot(brun)["life_circles"]
    own[3]["light"] = 1
    player.request("set", doc=doc, fields={"life_circles": own})
    qtbot.waitUntil(lambda: there.sheet.life_circles[3].light == 1)
    assert there.sheet.life_circles[0].heavy == 1
    # The game master's undo takes back the heavy injury only, on both laptops.
    there.undo_stack.undo()
    assert (there.sheet.life_circles[0].heavy, there.sheet.life_circles[3].light) == (0, 1)
    qtbot.waitUntil(lambda: at_the_player()[0].heavy == 0)
    assert at_the_player()[3].light == 1


def test_undo_of_the_game_masters_wound_keeps_the_wound_the_player_chose_after_it(
    player_character, qtbot
):
    from shadowdice.network.characters import sheet_of
    from shadowdice.systems import builtin_registry

    system = builtin_registry().get("starwars_d6")
    bossk = system.new_sheet()
    bossk.name = "Bossk"
    player, doc, there = player_character("starwars_d6", bossk)
    [wound] = [r for r in there.resources() if r.key == "wound"]
    levels = next(f for f in system.sheet_fields() if f.key == "wound").choices
    # The game master wounds Bossk; then his player marks him one level worse.
    there.set_resource(wound, 1)
    qtbot.waitUntil(lambda: len(player.request("state")[doc]["ledger"]) == 1)
    player.request("res", doc=doc, resource="wound", delta=1, label="+1 Wounds")
    qtbot.waitUntil(lambda: there.sheet.wound == levels[2])
    # The game master's undo leaves the wound as the player chose it, on both laptops.
    there.undo_stack.undo()
    assert there.sheet.wound == levels[2]
    # A Force Point the game master charges next arrives after whatever the undo sent.
    [force] = [r for r in there.resources() if r.key == "force_points"]
    there.set_resource(force, there.sheet.force_points - 1)
    qtbot.waitUntil(
        lambda: any(
            e.get("resource") == "force_points" for e in player.request("state")[doc]["ledger"]
        )
    )
    assert sheet_of(system, player.request("state")[doc]).wound == levels[2]


def test_a_secret_roll_of_a_players_character_asks_nothing_of_the_players_laptop(
    anna_with_kira, qtbot, dice
):
    window, kira, _player = anna_with_kira
    window.show_party_member(window.documents().index(kira))
    asked = []
    window.roll_panel.entry.asked.connect(asked.append)
    # The game master rolls for Kira secretly: her dice fall on the game master's laptop.
    window.check_panel.secret_box.setChecked(True)
    dice.extend([5] * 30)
    window.check_panel.widget("modifier").setValue(2)  # a pool of two dice
    window.check_panel.roll_button.click()
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=5000)
    assert asked == [] and window.roll_panel.entry.request is None
    window.done_action.trigger()
    [record] = [r for r in window.history_model.records() if r.character == "Kira"]
    assert record.secret
    assert not any(die.typed for throw in record.throws for die in throw.dice)
    # The next roll, public, asks Anna's laptop again.
    window.check_panel.roll_button.click()
    assert "Anna's laptop" in window.roll_panel.entry.title.text()
    qtbot.waitUntil(lambda: window.roll_panel.entry.request is None, timeout=8000)


def test_a_players_character_is_saved_on_their_laptop_not_in_the_game_masters_window(
    anna_with_kira, qtbot, monkeypatch
):
    window, kira, player = anna_with_kira
    asked = []
    monkeypatch.setattr(window.prompts, "ask_save_changes", lambda title: asked.append(title))
    index = window.documents().index(kira)
    window.show_party_member(index)
    # The game master wounds Kira: it goes to Anna's laptop, where Kira is saved.
    [damage] = [r for r in kira.resources() if r.key == "physical_damage"]
    kira.set_resource(damage, 2)
    [doc] = [d for d in player.request("state") if d != "table"]
    qtbot.waitUntil(
        lambda: any(e["delta"] == 2 for e in player.request("state")[doc]["ledger"]),
        timeout=5000,
    )
    assert kira.undo_stack.canUndo()  # the game master may still take the wound back
    assert window.tabs.tabText(index) == "Kira"  # no "*": nothing unsaved here
    assert not window.isWindowModified()  # the title shows no "*" either
    # Closing her here asks nothing and only takes her out of this window.
    assert window.close_document(index)
    assert asked == [] and "Kira" not in [d.title for d in window.documents()]
    assert player.request("state")[doc]["fields"]["name"] == "Kira"


def test_a_players_character_left_open_when_the_table_closes_is_the_game_masters_to_save(
    anna_with_kira, qtbot
):
    window, kira, _player = anna_with_kira
    [damage] = [r for r in kira.resources() if r.key == "physical_damage"]
    kira.set_resource(damage, 2)  # sent to Anna's laptop: nothing unsaved here
    window.table_menu.leave()
    assert kira in window.documents() and not kira.modified
    # From now on what the game master changes is only here: theirs to save.
    kira.set_resource(damage, 3)
    index = window.documents().index(kira)
    assert kira.modified and window.tabs.tabText(index) == "Kira*"
