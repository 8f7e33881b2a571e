"""Undo and redo over every rule system's own sheet: any run of edits, undone step by step,
gives back each earlier sheet, derived values included; redone, the last one.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shadowdice.core.sheet import Kind, SheetEditError, rows, snapshot
from shadowdice.systems import builtin_registry
from shadowdice.ui.character_document import CharacterDocument

REGISTRY = builtin_registry()


def edit(document: CharacterDocument, data) -> None:
    """One edit as a player could make it: a single value or a cell, by its declaration."""
    sheet = document.sheet
    targets = [("field", spec) for spec in document.fields() if spec.editable]
    targets += [("table", table) for table in document.tables() if rows(sheet, table)]
    kind, target = data.draw(st.sampled_from(targets))
    if kind == "field":
        value = value_for(data, target.kind, target.bounds and target.bounds(sheet), target.choices)
        document.set_field(target, value)
        return
    row = data.draw(st.integers(0, len(rows(sheet, target)) - 1))
    column = data.draw(st.integers(0, len(target.columns) - 1))
    spec = target.columns[column]
    line = rows(sheet, target)[row]
    choices = spec.choices(sheet) if spec.choices else ()
    value = value_for(data, spec.kind, spec.bounds and spec.bounds(line), choices)
    document.set_cell(target, row, column, value)


def value_for(data, kind: Kind, bounds, choices):
    if kind is Kind.INT:
        low, high = bounds or (-5, 20)
        return data.draw(st.integers(low, high))
    if kind is Kind.FLAG:
        return data.draw(st.booleans())
    if kind is Kind.CHOICE and choices:
        return data.draw(st.sampled_from(choices))
    return data.draw(st.sampled_from(["", "Kira", "3D+1", "2D", "1d20+5", "Zed"]))


@pytest.mark.parametrize("system_id", [system.id for system in REGISTRY])
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_every_edit_of_every_system_undoes_and_redoes(qapp, system_id, data):
    # Given a new character of the system, edited a few times; the sheet is kept as it stands
    # after each step of the undo stack (edits typed into one field in a row are one step)
    system = REGISTRY.get(system_id)
    document = CharacterDocument(system, system.new_sheet())
    stack = document.undo_stack
    after_step = {0: snapshot(document.sheet)}
    for _ in range(data.draw(st.integers(1, 8))):
        before = snapshot(document.sheet)
        try:
            edit(document, data)
        except SheetEditError:
            assert snapshot(document.sheet) == before, "a refused edit changes nothing"
            continue
        after_step[stack.count()] = snapshot(document.sheet)
    end = snapshot(document.sheet)
    assert stack.index() == stack.count()

    # When every step is undone, each earlier sheet comes back in turn
    for step in range(stack.count() - 1, -1, -1):
        stack.undo()
        assert snapshot(document.sheet) == after_step[step]

    # And redone, the sheet is as it was after the last edit
    while stack.canRedo():
        stack.redo()
    assert snapshot(document.sheet) == end
