"""Contests between players' characters at a table on the network, through the game master's
real window: each character's dice are thrown on the laptop of its player (a real process on
127.0.0.1), digitally or typed from real dice, and the game master's record, and what the
contest did to each sheet, equal what one laptop records with the same faces, thrown
digitally there or typed in from real dice.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel

from shadowdice.core.record import RollRecord
from shadowdice.core.sheet import Sheet, snapshot
from shadowdice.network.characters import sheet_of
from tests.network.peers import Peer
from tests.ui.test_table_network import hosting  # noqa: F401 (a fixture)
from tests.ui.window_helpers import action_button, choose, headline, offered

CTRL = Qt.KeyboardModifier.ControlModifier

#: A contest as the game master plays it in a window: (window, qtbot, the characters' documents
#: by name); it ends with the roll filed (Ctrl+Enter).
Play = Callable[..., None]


class Table:
    """The game master's window hosting, and a process for each player with their character."""

    def __init__(self, window, qtbot, tmp_path) -> None:
        self.window, self.qtbot, self.tmp_path = window, qtbot, tmp_path
        self.code = window.table_menu.host()
        window.table_menu.panel.close()  # the game master's keys go to the main window
        window.activateWindow()
        self.players: dict[str, Peer] = {}
        self.docs: dict[str, str] = {}
        self.thrown: list[tuple[int, int, str, list[int]]] = []
        self.asked: list[tuple[int, int, str]] = []  # in the order the game master's roll asks
        window.table_menu.link.dice_thrown.connect(
            lambda request, faces: self.thrown.append(
                (request.count, request.sides, request.roller, list(faces))
            )
        )
        window.roll_panel.entry.asked.connect(
            lambda request: self.asked.append((request.count, request.sides, request.roller))
        )

    def in_order(self) -> list[tuple[int, int, str, list[int]]]:
        """What each player's laptop threw, in the order the roll asked for it."""
        thrown = list(self.thrown)
        ordered = []
        for asked in self.asked:
            at = next(i for i, (*what, _faces) in enumerate(thrown) if tuple(what) == asked)
            ordered.append(thrown.pop(at))
        assert not thrown
        return ordered

    def seat(self, player: str, system_id: str, sheet: Sheet) -> None:
        """``player``'s laptop joins with ``sheet``; it shows up in the game master's party."""
        port = str(self.window.table_menu.link.port)
        peer = Peer("player", self.tmp_path / player, self.code, "--port", port, "--name", player)
        self.players[sheet.name] = peer
        self.docs[sheet.name] = peer.request(
            "new", key="main", system=system_id, fields=snapshot(sheet)
        )
        self.qtbot.waitUntil(lambda: sheet.name in self.titles(), timeout=5000)

    def titles(self) -> list[str]:
        return [d.title for d in self.window.documents()]

    def documents(self) -> dict[str, object]:
        return {d.title: d for d in self.window.documents()}

    def sheet_there(self, name: str) -> Sheet:
        """The character as its player's laptop holds it, with what the contest did to it."""
        document = self.documents()[name]
        return sheet_of(document.system, self.players[name].request("state")[self.docs[name]])

    def quit(self) -> None:
        for peer in self.players.values():
            peer.quit()


@pytest.fixture
def table(hosting, qtbot, tmp_path):  # noqa: F811
    table = Table(hosting, qtbot, tmp_path)
    yield table
    table.quit()


def one_laptop(
    make_window,
    qtbot,
    system_id: str,
    sheets: list[Sheet],
    play: Play,
    table: Table,
    dice,
    *,
    typed: bool,
) -> tuple[RollRecord, dict]:
    """The same contest on one laptop, with the faces thrown at the table: on real dice whose
    faces are typed in where the players ``typed`` them, else thrown digitally (the scripted
    ``dice``); the record and the sheets after it.
    """
    window = make_window()
    choose(window.system_selector, system_id)
    documents = {sheet.name: window.new_character(sheet.model_copy(deep=True)) for sheet in sheets}
    thrown = table.in_order()
    faces = thrown if typed else []
    if not typed:  # one laptop throws them in the order the record keeps them
        record = table.window.history_model.records()[0]
        dice.extend(face for throw in record.throws for die in throw.dice for face in die.faces)
    else:
        for index in range(len(documents)):
            window.tabs.setCurrentIndex(index)
            window.game_table.real_dice_action.trigger()
    window.tabs.setCurrentIndex(0)
    entry = window.roll_panel.entry

    def answer() -> None:
        request = entry.request
        if request is None:
            return
        asked = (request.count, request.sides, request.roller)
        at = next(i for i, (*what, _given) in enumerate(faces) if tuple(what) == asked)
        entry.answered.emit(faces.pop(at)[-1])

    # The faces are typed in whenever the window asks for them.
    window.roll_panel.entry.asked.connect(lambda _request: QTimer.singleShot(0, answer))
    play(window, qtbot, documents)
    assert not faces, "every throw of the table was asked for on one laptop too"
    assert not dice.remaining, "every throw of the table was thrown on one laptop too"
    return window.history_model.records()[0], {n: d.sheet for n, d in documents.items()}


def same_record(table_record: RollRecord, alone: RollRecord) -> None:
    ignore = {"time"}
    assert table_record.model_dump(exclude=ignore) == alone.model_dump(exclude=ignore)


def same_sheet(qtbot, table: Table, name: str, alone: Sheet) -> None:
    """The character comes to be on its player's laptop, and stays in the game master's
    window, as on one laptop.
    """
    expected = snapshot(alone)
    for where, sheet in (
        ("player's laptop", lambda: table.sheet_there(name)),
        ("game master's window", lambda: table.documents()[name].sheet),
    ):
        try:
            qtbot.waitUntil(lambda s=sheet: snapshot(s()) == expected, timeout=5000)
        except qtbot.TimeoutError:
            there = snapshot(sheet())
            differences = {k: (v, expected[k]) for k, v in there.items() if expected[k] != v}
            raise AssertionError(f"{name} on the {where}: {differences}") from None


# --- Star Wars: a segment, Han shoots at Bossk, who dodges ---------------------------------------


def star_wars_sheets(window) -> list[Sheet]:
    system = window.registry.get("starwars_d6")
    samples = {template.name: template for template in system.sample_templates()}
    sheets = []
    for name, template in (("Han", "Freighter Runner"), ("Bossk", "Bounty Tracker")):
        sheet = system.new_sheet_from_template(samples[template])
        sheet.name = name
        sheets.append(sheet)
    return sheets


def star_wars_segment(window, qtbot, documents) -> None:
    window.show_party_member(window.documents().index(documents["Han"]))
    panel = window.check_panel
    choose(panel.widget("roll"), "skill:Blaster")
    choose(panel.widget("opponent"), "character")
    defenders = panel.widget("defender")
    texts = [defenders.item(i).text() for i in range(defenders.count())]
    bossk = [i for i, text in enumerate(texts) if text.startswith("Bossk")]
    assert len(bossk) == 1, texts
    bossk = bossk[0]
    defenders.item(bossk).setCheckState(Qt.CheckState.Checked)
    choose(panel.widget("defender_roll"), "skill:Dodge")
    panel.roll_button.click()
    qtbot.waitUntil(lambda: window.roll_panel.entry.request is None, timeout=8000)
    qtbot.waitUntil(lambda: window.roll_panel.session is not None, timeout=8000)
    qtbot.waitUntil(lambda: not window.roll_panel.tray.is_animating(), timeout=8000)
    window.done_action.trigger()


@pytest.mark.parametrize("typed", [False, True], ids=["digital", "typed"])
def test_a_star_wars_segment_throws_each_players_dice_on_their_laptop(
    table, qtbot, make_window, dice, typed
):
    han, bossk = star_wars_sheets(table.window)
    table.seat("Anna", "starwars_d6", han)
    table.seat("Ben", "starwars_d6", bossk)
    if typed:  # the players type the faces of their real dice
        table.players["Han"].request("typed", faces=[6, 5, 6, 4, 6, 5, 6, 4, 6, 5, 6, 4])
        table.players["Bossk"].request("typed", faces=[1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2])
    star_wars_segment(table.window, qtbot, table.documents())
    # The attack was thrown on Anna's laptop, the dodge on Ben's.
    assert sorted(roller for _count, _sides, roller, _faces in table.thrown) == ["Bossk", "Han"]
    record = table.window.history_model.records()[0]
    alone, sheets = one_laptop(
        make_window, qtbot, "starwars_d6", [han, bossk], star_wars_segment, table, dice, typed=typed
    )
    same_record(record, alone)
    for name in ("Han", "Bossk"):
        same_sheet(qtbot, table, name, sheets[name])


# --- Heldenhandbuch: a combat phase between two players' fighters --------------------------------


def fighters(window) -> list[Sheet]:
    """Alrik and Brun, Basic martial arts 16 on 4W20; Brun in a chain shirt."""
    from shadowdice.systems.heldenhandbuch.sheet import Armor

    system = window.registry.get("heldenhandbuch")
    sheets = []
    for name in ("Alrik", "Brun"):
        sheet = system.new_sheet()
        sheet.name = name
        skill = next(s for s in sheet.skills if s.name == "Basic martial arts")
        skill.value, skill.base_die, skill.bonus_dice = 16, "W20", 3
        sheets.append(sheet)
    sheets[1].armor.append(Armor(name="Chain shirt", protection=3, quality=10))
    return [type(sheet).model_validate(snapshot(sheet)) for sheet in sheets]


def settled(window, action_id):
    return lambda: not window.roll_panel.tray.is_animating() and offered(window, action_id)


def combat_phase(window, qtbot, documents) -> None:
    """Alrik takes the initiative, attacks Brun, who lets it through; Alrik throws the damage,
    Brun's player puts the injuries in life circles 1 and 4.
    """
    from shadowdice.ui.play.group_roll_dialog import GroupRollDialog

    window.show_party_member(window.documents().index(documents["Alrik"]))
    window.group_roll_action.trigger()  # Ctrl+G
    dialog = window.findChild(GroupRollDialog)
    assert dialog.form.widget("contest").currentData() == "combat"
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(settled(window, "initiative:0"), timeout=8000)
    assert headline(window) == "Throw 1: everyone looks"
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    qtbot.waitUntil(settled(window, "attack:1"), timeout=8000)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_Return)  # the suggested dice
    qtbot.waitUntil(settled(window, "let_through"), timeout=8000)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    qtbot.waitUntil(settled(window, "damage"), timeout=8000)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)  # Alrik's damage dice
    qtbot.waitUntil(settled(window, "injury:0"), timeout=8000)
    assert headline(window) == "Brun: heavy damage"
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    detail = window.roll_panel.findChild(QLabel, "outcome_detail")
    light = lambda: "Brun places a light injury" in detail.text()  # noqa: E731
    qtbot.waitUntil(lambda: settled(window, "injury:3")() and light(), timeout=8000)
    qtbot.keyClick(window, Qt.Key.Key_4, CTRL)
    qtbot.waitUntil(lambda: "light injury in Life circle 4" in detail.text(), timeout=8000)
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)


def test_a_heldenhandbuch_combat_phase_throws_each_fighters_dice_on_their_players_laptop(
    table, qtbot, make_window, dice
):
    alrik, brun = fighters(table.window)
    table.seat("Anna", "heldenhandbuch", alrik)
    table.seat("Ben", "heldenhandbuch", brun)
    # Real dice typed in: Alrik's throw and his damage dice, Brun's throw.
    table.players["Alrik"].request("typed", faces=[12, 12, 12, 5, 14, 5, 5, 2])
    table.players["Brun"].request("typed", faces=[15, 14, 9, 6])
    combat_phase(table.window, qtbot, table.documents())
    assert {roller for *_what, roller, _faces in table.thrown} == {"Alrik", "Brun"}
    record = table.window.history_model.records()[0]
    assert record.check.startswith("Combat")
    alone, sheets = one_laptop(
        make_window, qtbot, "heldenhandbuch", [alrik, brun], combat_phase, table, dice, typed=True
    )
    same_record(record, alone)
    # Brun's injuries, his worn armor and the throw he sits out reach Ben's laptop.
    brun_alone = sheets["Brun"]
    assert (brun_alone.life_circles[0].heavy, brun_alone.life_circles[3].light) == (1, 1)
    assert brun_alone.armor[0].quality == 9 and brun_alone.combat_throws_skipped == 1
    for name in ("Alrik", "Brun"):
        same_sheet(qtbot, table, name, sheets[name])


# --- Phase Six: a group roll of three players' characters ---------------------------------------


def phase_six_sheets(window) -> list[Sheet]:
    system = window.registry.get("phasesix")
    sheets = []
    for name, perception in (("Ash", 2), ("Bo", 3), ("Cy", 1)):
        sheet = system.new_sheet()
        sheet.name = name
        next(s for s in sheet.skills if s.name == "Perception").value = perception
        sheets.append(type(sheet).model_validate(snapshot(sheet)))
    return sheets


def group_roll(window, qtbot, documents) -> None:
    """Perception, four successes needed; Ash adds a bonus die."""
    from shadowdice.ui.play.group_roll_dialog import GroupRollDialog

    window.show_party_member(window.documents().index(documents["Ash"]))
    window.group_roll_action.trigger()  # Ctrl+G
    dialog = window.findChild(GroupRollDialog)
    trait = dialog.form.widget("trait")
    trait.setCurrentIndex(trait.findData("skill:Perception"))
    dialog.form.widget("needed").setValue(4)
    dialog.roll_button.click()
    qtbot.waitUntil(lambda: headline(window).startswith("Group: 3 of 4"), timeout=8000)
    qtbot.waitUntil(lambda: offered(window, "0:bonus_die"), timeout=8000)
    action_button(window, "0:bonus_die").click()  # thrown on Ash's laptop
    qtbot.waitUntil(lambda: headline(window) == "Group: 4 of 4 successes - made it", timeout=8000)
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)


def test_a_phase_six_group_roll_throws_each_members_dice_on_their_players_laptop(
    table, qtbot, make_window, dice
):
    ash, bo, cy = phase_six_sheets(table.window)
    table.seat("Anna", "phasesix", ash)
    table.seat("Ben", "phasesix", bo)
    table.seat("Cleo", "phasesix", cy)
    table.players["Ash"].request("typed", faces=[5, 2, 6])  # the bonus die last
    table.players["Bo"].request("typed", faces=[6, 1, 5])
    table.players["Cy"].request("typed", faces=[3])
    group_roll(table.window, qtbot, table.documents())
    assert {roller for *_what, roller, _faces in table.thrown} == {"Ash", "Bo", "Cy"}
    record = table.window.history_model.records()[0]
    alone, sheets = one_laptop(
        make_window, qtbot, "phasesix", [ash, bo, cy], group_roll, table, dice, typed=True
    )
    same_record(record, alone)
    assert sheets["Ash"].bonus_dice == ash.bonus_dice - 1  # only Ash paid
    for name in ("Ash", "Bo", "Cy"):
        same_sheet(qtbot, table, name, sheets[name])


# --- Rolls the rules make secret ------------------------------------------------------------------


def test_a_memory_check_of_a_players_character_sends_nothing_of_it_to_their_laptop(
    table, qtbot, dice, monkeypatch
):
    import json

    sent = tap(monkeypatch)
    alrik, _brun = fighters(table.window)
    table.seat("Anna", "heldenhandbuch", alrik)
    window = table.window
    window.show_party_member(window.documents().index(table.documents()["Alrik"]))
    panel = window.check_panel
    # A memory check ("Roll secretly" not ticked): the rules make it the game master's, secret.
    choose(panel.widget("what"), "attribute:Intellect")
    panel.widget("memory").setChecked(True)
    assert not panel.secret_box.isChecked()
    dice.extend([5] * 20)
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=5000)
    assert window.roll_panel.session.secret and window.roll_panel.entry.request is None
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    assert window.history_model.records()[0].secret
    # The next check, public, is thrown on Anna's laptop: what leaves the laptop is recorded.
    choose(panel.widget("what"), "attribute:Intellect")
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=8000)
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    public = window.history_model.records()[0].check.encode()
    qtbot.waitUntil(lambda: any(public in updates(m) for m in list(sent)), timeout=8000)
    messages = [json.loads(message) for message in sent]
    assert [m["t"] for m in messages].count("ask") == 1  # the public check's dice only
    assert not any(b"Memory check" in updates(message) for message in sent)
    assert table.asked == [(3, 6, "Alrik")]  # Intellect: 3W6


def tap(monkeypatch) -> list[bytes]:
    """Every message the game master's laptop sends from now on, as it is before sealing."""
    from shadowdice.network import secure

    sent: list[bytes] = []
    original = secure.Channel.send

    def tapped(channel, plaintext: bytes) -> None:
        sent.append(plaintext)
        original(channel, plaintext)

    monkeypatch.setattr(secure.Channel, "send", tapped)
    return sent


def updates(message: bytes) -> bytes:
    """The bytes of the document update a message carries (b"" for another message)."""
    from tests.network.test_hostile_peers import updates_in

    return updates_in(message)


def test_a_dodge_kept_from_a_secret_attack_reaches_its_players_laptop_without_its_total(
    table, qtbot, dice, monkeypatch
):
    import re

    sent = tap(monkeypatch)
    han, bossk = star_wars_sheets(table.window)
    table.seat("Anna", "starwars_d6", han)
    table.seat("Ben", "starwars_d6", bossk)
    window = table.window
    # Han shoots at Bossk secretly: Bossk's dodge is thrown on the game master's laptop.
    window.check_panel.secret_box.setChecked(True)
    dice.extend([4] * 40)
    star_wars_segment(window, qtbot, table.documents())
    assert table.asked == []
    gm_bossk = table.documents()["Bossk"]
    [kept] = gm_bossk.sheet.dodged
    assert kept.secret and kept.total > 0
    # Ben's laptop keeps that Bossk dodged in this segment, but not what the dodge came to.
    qtbot.waitUntil(lambda: bool(table.sheet_there("Bossk").dodged), timeout=8000)
    [there] = table.sheet_there("Bossk").dodged
    assert (there.segment, there.roll, there.secret, there.total) == (
        kept.segment,
        kept.roll,
        True,
        0,
    )
    # No message leaving the game master's laptop holds the total.
    totals = [
        int(found)
        for message in sent
        for found in re.findall(rb'"total": ?(\d+)', message + updates(message))
    ]
    assert totals and set(totals) == {0}
    # The game master's window keeps the total for the segment's later attacks, also when
    # Bossk's document changes again on Ben's laptop (a Force Point) and comes back.
    points = gm_bossk.sheet.force_points
    ben = table.players["Bossk"]
    ben.request("res", doc=table.docs["Bossk"], resource="force_points", delta=1, label="+1")
    qtbot.waitUntil(lambda: gm_bossk.sheet.force_points == points + 1, timeout=8000)
    assert [d.total for d in gm_bossk.sheet.dodged] == [kept.total]
