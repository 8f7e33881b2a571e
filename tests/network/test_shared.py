"""Who may change what in a shared document: each update tried on a copy first."""

from __future__ import annotations

import contextlib

import pytest
from pycrdt import Array, Map

from shadowdice.network import shared
from shadowdice.network.shared import GAME_MASTER, OWNER, READER, RefusedUpdate

DOC = "0123456789abcdef/kira"


def character() -> shared.Doc:
    doc = shared.new_document(DOC)
    shared.set_meta(doc, {"system": "shadowrun4", "owner": "0123456789abcdef"})
    shared.set_fields(doc, {"name": "Kira", "edge_current": 3})
    shared.append(
        doc,
        "ledger",
        {"id": "a", "resource": "edge_current", "delta": -1, "label": "−1 Edge", "by": "Anna"},
    )
    return doc


def edited(doc, edit) -> bytes:
    """The update an edit of a copy of ``doc`` makes."""
    copy = shared.new_document(DOC, doc.get_update())
    before = copy.get_state()
    edit(copy)
    return copy.get_update(before)


def test_the_game_master_may_add_to_the_ledger_and_the_rolls():
    doc = character()
    update = edited(
        doc,
        lambda d: shared.append(
            d,
            "ledger",
            {"id": "b", "resource": "physical_damage", "delta": 3, "label": "+3", "by": "GM"},
        ),
    )
    assert shared.checked_update(DOC, doc, update, GAME_MASTER)
    assert [e["id"] for e in shared.content(DOC, doc)["ledger"]] == ["a", "b"]


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: shared.set_fields(d, {"name": "Taken"}),
        lambda d: d.get("ledger", type=Array).__delitem__(0),
        lambda d: shared.set_meta(d, {"system": "generic_dice"}),
    ],
    ids=["a field", "a ledger entry taken out", "meta"],
)
def test_the_game_master_may_not_change_the_players_sheet(edit):
    doc = character()
    before = shared.content(DOC, doc)
    with pytest.raises(RefusedUpdate):
        shared.checked_update(DOC, doc, edited(doc, edit), GAME_MASTER)
    assert shared.content(DOC, doc) == before
    # The owner may.
    assert shared.checked_update(DOC, doc, edited(doc, edit), OWNER)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.get("fields", type=Map).__setitem__("name", "{not json"),
        lambda d: shared.append(
            d, "ledger", {"id": "x", "resource": "edge", "delta": True, "label": "", "by": ""}
        ),
        lambda d: shared.append(d, "rolls", {"id": "x"}),
        lambda d: shared.set_meta(d, {"owner": "fedcba9876543210"}),
        lambda d: d.get("evil", type=Map).__setitem__("x", "1"),
    ],
    ids=[
        "not json",
        "a delta of the wrong kind",
        "a roll of the wrong shape",
        "claimed for another laptop",
        "a part no document has",
    ],
)
def test_even_the_owner_cannot_break_the_shape(edit):
    doc = character()
    before = shared.content(DOC, doc)
    with pytest.raises(RefusedUpdate):
        shared.checked_update(DOC, doc, edited(doc, edit), OWNER)
    assert shared.content(DOC, doc) == before


def test_a_reader_writes_nothing_and_garbage_is_refused():
    doc = character()
    with pytest.raises(RefusedUpdate):
        shared.checked_update(DOC, doc, edited(doc, lambda d: None), READER)
    before = shared.content(DOC, doc)
    with pytest.raises(RefusedUpdate):
        shared.checked_update(DOC, doc, b"\x01\x02garbage", OWNER)
    for garbage in (b"", bytes(range(256)), b"\x00\x00"):
        with contextlib.suppress(RefusedUpdate):
            assert not shared.checked_update(DOC, doc, garbage, OWNER)
    assert shared.content(DOC, doc) == before


def test_state_vectors_read_and_compare():
    doc = character()
    other = shared.new_document(DOC, doc.get_update())
    shared.set_fields(other, {"name": "Kira!"})
    assert shared.lacks(doc.get_state(), other.get_state())
    assert not shared.lacks(other.get_state(), doc.get_state())
    with pytest.raises(ValueError):
        shared.state_vector(b"\x05\x01")


def field_entry(key: str, before, after, entry_id: str = "f") -> dict:
    return {"id": entry_id, "field": key, "before": before, "after": after, "label": "", "by": "GM"}


def test_the_game_master_may_add_a_field_change_and_a_malformed_one_is_refused():
    doc = character()
    update = edited(doc, lambda d: shared.append(d, "ledger", field_entry("dodged", [], [1])))
    assert shared.checked_update(DOC, doc, update, GAME_MASTER)
    bad = field_entry("dodged", [], [1]) | {"extra": 1}
    update = edited(doc, lambda d: shared.append(d, "ledger", bad))
    with pytest.raises(RefusedUpdate):
        shared.checked_update(DOC, doc, update, GAME_MASTER)
    # A field change moves no resource's total.
    assert shared.resource_totals(shared.content(DOC, doc)["ledger"]) == {"edge_current": -1}


def test_a_field_change_is_folded_as_a_change_and_only_for_the_game_masters_fields():
    from shadowdice.core.sheet import snapshot
    from shadowdice.network.characters import OwnedCharacter, sheet_of
    from shadowdice.systems import builtin_registry

    system = builtin_registry().get("heldenhandbuch")
    sheet = system.new_sheet()
    sheet.name = "Brun"
    owned = OwnedCharacter(system, sheet)
    circles = snapshot(sheet)["life_circles"]
    # The player put a light injury in circle 4 meanwhile; the game master's heavy one in
    # circle 1 came from a copy without it: both count.
    sheet.life_circles[3].light = 1
    owned.changed(sheet, lambda: "own")
    hit = [dict(c) for c in circles]
    hit[0]["heavy"] = 1
    ledger = [
        field_entry("life_circles", circles, hit, "hit"),
        field_entry("name", "Brun", "Taken", "rename"),  # not the game master's to change
        field_entry("combat_throws_skipped", 0, 99, "invalid"),  # past its bounds
    ]
    assert owned.fold(sheet, ledger) == [""]
    assert (sheet.life_circles[0].heavy, sheet.life_circles[3].light) == (1, 1)
    assert sheet.name == "Brun" and sheet.combat_throws_skipped == 0
    assert owned.folded == ["hit"]
    # Any laptop reads the same from the document before the owner folded it.
    content = {"fields": snapshot(system.new_sheet()) | {"name": "Brun"}, "ledger": ledger}
    content["fields"]["life_circles"][3]["light"] = 1
    assert snapshot(sheet_of(system, content)) == snapshot(sheet)


def test_a_value_nested_too_deep_to_read_is_refused_not_raised():
    doc = character()
    deep = "[" * 100_000 + "]" * 100_000
    update = edited(doc, lambda d: d.get("ledger", type=Array).append(deep))
    with pytest.raises(RefusedUpdate):
        shared.checked_update(DOC, doc, update, GAME_MASTER)
    assert len(shared.content(DOC, doc)["ledger"]) == 1
