"""Sheet edits go through a few operations that validate and leave a refused edit undone."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import Field, model_validator

from shadowdice.core.sheet import (
    ColumnSpec,
    FieldSpec,
    Kind,
    Row,
    Sheet,
    SheetEditError,
    TableSpec,
    add_row,
    change_between,
    remove_row,
    restore,
    set_cell,
    set_field,
    snapshot,
)


class Item(Row):
    name: str = "Rope"
    weight: int = Field(default=1, ge=0, le=50)
    own: bool = True


class Pack(Sheet):
    capacity: int = 10
    loaded: int = 0
    items: list[Item] = Field(default_factory=lambda: [Item(name="Lamp", own=False)])

    @model_validator(mode="after")
    def _fits(self):
        if sum(i.weight for i in self.items) > self.capacity:
            raise ValueError("the pack is too heavy")
        return self

    def settle(self):
        self.loaded = sum(i.weight for i in self.items)


CAPACITY = FieldSpec("capacity", "Capacity", Kind.INT, bounds=lambda s: (0, 40))
ITEMS = TableSpec(
    "items",
    "Items",
    (
        ColumnSpec("name", "Item", editable=lambda row: row.own),
        ColumnSpec("weight", "Weight", Kind.INT, bounds=lambda row: (0, 50)),
    ),
    new_row=lambda sheet: Item(),
    removable=lambda row: row.own,
)


def test_field_in_bounds_is_set_and_reports_change():
    pack = Pack()
    assert set_field(pack, CAPACITY, 20) is True
    assert set_field(pack, CAPACITY, 20) is False
    assert pack.capacity == 20


def test_field_out_of_bounds_is_refused_with_a_message():
    pack = Pack()
    with pytest.raises(SheetEditError, match="Capacity must be a whole number from 0 to 40"):
        set_field(pack, CAPACITY, 41)
    assert pack.capacity == 10


def test_cell_edit_that_breaks_a_sheet_rule_is_undone_with_all_it_settled():
    pack = Pack()
    with pytest.raises(SheetEditError, match=r"^the pack is too heavy$"):
        set_cell(pack, ITEMS, 0, ITEMS.columns[1], 11)
    assert pack.items[0].weight == 1
    assert pack.loaded == 0, "what settle() changed is put back too"


def test_field_edit_that_breaks_a_sheet_rule_leaves_the_sheet_as_it_was():
    pack = Pack()
    with pytest.raises(SheetEditError, match="too heavy"):
        set_field(pack, CAPACITY, 0)
    assert pack.capacity == 10
    assert Pack.model_validate(pack.model_dump()) == pack


def test_choice_field_refuses_a_value_not_offered():
    pack = Pack()
    colour = FieldSpec("name", "Colour", Kind.CHOICE, choices=("red", "blue"))
    with pytest.raises(SheetEditError, match="Colour must be one of red, blue"):
        set_field(pack, colour, "green")
    assert pack.name == ""


def test_cell_edit_settles_dependent_values():
    pack = Pack()
    set_cell(pack, ITEMS, 0, ITEMS.columns[1], 7)
    assert pack.loaded == 7


def test_column_editable_per_row():
    pack = Pack()
    with pytest.raises(SheetEditError, match="cannot be edited"):
        set_cell(pack, ITEMS, 0, ITEMS.columns[0], "Torch")
    index = add_row(pack, ITEMS)
    set_cell(pack, ITEMS, index, ITEMS.columns[0], "Torch")
    assert [i.name for i in pack.items] == ["Lamp", "Torch"]


def test_rows_are_removed_only_where_allowed():
    pack = Pack()
    add_row(pack, ITEMS)
    with pytest.raises(SheetEditError, match="cannot be removed"):
        remove_row(pack, ITEMS, 0)
    remove_row(pack, ITEMS, 1)
    assert len(pack.items) == 1


def test_wrong_type_is_refused_in_words():
    with pytest.raises(SheetEditError, match="Weight"):
        set_cell(Pack(), ITEMS, 0, ITEMS.columns[1], "heavy")


# --- what an edit changed, to undo and redo it ----------------------------------------------


def test_a_change_holds_only_the_fields_the_edit_touched():
    # Given a pack, and a snapshot of it
    pack = Pack()
    before = snapshot(pack)
    # When an item's weight is set to 4
    set_cell(pack, ITEMS, 0, ITEMS.columns[1], 4)
    change = change_between("Weight of Lamp", before, snapshot(pack))
    # Then the change holds the items and what settle() derived from them, nothing else
    assert change.fields() == ("loaded", "items")
    assert change.before["loaded"] == 0 and change.after["loaded"] == 4
    assert change.before["items"][0]["weight"] == 1 and change.after["items"][0]["weight"] == 4


def test_restoring_a_change_undoes_and_redoes_it():
    pack = Pack()
    before = snapshot(pack)
    add_row(pack, ITEMS)
    change = change_between("New row in Items", before, snapshot(pack))

    restore(pack, change.before)
    assert [item.name for item in pack.items] == ["Lamp"] and pack.loaded == 0

    restore(pack, change.after)
    assert [item.name for item in pack.items] == ["Lamp", "Rope"] and pack.loaded == 2


def test_two_changes_in_a_row_read_as_one_and_back_to_the_start_as_none():
    pack = Pack(loaded=1)
    start = snapshot(pack)
    set_field(pack, CAPACITY, 20)
    middle = snapshot(pack)
    set_field(pack, CAPACITY, 30)
    end = snapshot(pack)
    both = change_between("Capacity", start, middle).then(change_between("Capacity", middle, end))
    assert both.before == {"capacity": 10} and both.after == {"capacity": 30}

    set_field(pack, CAPACITY, 10)
    assert not both.then(change_between("Capacity", end, snapshot(pack)))


EDITS = st.lists(
    st.one_of(
        st.tuples(st.just("capacity"), st.integers(0, 40)),
        st.tuples(st.just("weight"), st.integers(0, 50)),
        st.tuples(st.just("add"), st.none()),
        st.tuples(st.just("remove"), st.none()),
    ),
    max_size=12,
)


def _edit(pack: Pack, what: str, value) -> None:
    if what == "capacity":
        set_field(pack, CAPACITY, value)
    elif what == "weight":
        set_cell(pack, ITEMS, len(pack.items) - 1, ITEMS.columns[1], value)
    elif what == "add":
        add_row(pack, ITEMS)
    else:
        remove_row(pack, ITEMS, len(pack.items) - 1)


@given(EDITS)
def test_undoing_every_change_in_turn_gives_back_each_earlier_sheet(edits):
    # Given a pack edited step by step, keeping what each step changed and the sheet after it
    pack = Pack()
    sheets = [snapshot(pack)]
    changes = []
    for what, value in edits:
        try:
            _edit(pack, what, value)
        except SheetEditError:
            continue  # refused: nothing changed, nothing to undo
        changes.append(change_between(what, sheets[-1], snapshot(pack)))
        sheets.append(snapshot(pack))
    # When the changes are undone from the last, then redone from the first
    for change, earlier in zip(reversed(changes), reversed(sheets[:-1]), strict=True):
        restore(pack, change.before)
        # Then each undo gives back the sheet as it was before that step
        assert snapshot(pack) == earlier
    for change, later in zip(changes, sheets[1:], strict=True):
        restore(pack, change.after)
        assert snapshot(pack) == later
