"""Real Shadowrun 4 characters survive the file: a hypothesis round trip over random sheets."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shadowdice.storage.character_file import load_character, save_character
from shadowdice.systems import builtin_registry
from shadowdice.systems.shadowrun4.sheet import (
    ATTRIBUTES,
    METATYPES,
    SPECIAL_ATTRIBUTES,
    ShadowrunSheet,
    Skill,
)

REGISTRY = builtin_registry()
SYSTEM = REGISTRY.get("shadowrun4")
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)


@st.composite
def shadowrun_sheets(draw) -> ShadowrunSheet:
    sheet = ShadowrunSheet(
        name=draw(TEXT),
        notes=draw(TEXT),
        metatype=draw(st.sampled_from(METATYPES)),
        cinematic=draw(st.booleans()),
        harder=draw(st.booleans()),
    )
    awakened = draw(st.sampled_from(("", *SPECIAL_ATTRIBUTES)))
    for attribute in sheet.attributes:
        if attribute.name in SPECIAL_ATTRIBUTES:
            attribute.value = draw(st.integers(1, 15)) if attribute.name == awakened else 0
        else:
            attribute.value = draw(st.integers(1, 15))
    rated = draw(st.lists(st.integers(0, len(sheet.skills) - 1), max_size=8, unique=True))
    for index in rated:
        sheet.skills[index].rating = draw(st.integers(0, 12))
    for name in draw(st.lists(TEXT.filter(str.strip), max_size=3, unique=True)):
        sheet.skills.append(
            Skill(
                name=f"Custom {name}",
                rating=draw(st.integers(0, 12)),
                attribute=draw(st.sampled_from(ATTRIBUTES)),
                custom=True,
            )
        )
    sheet.edge_current = draw(st.integers(0, sheet.edge))
    sheet.physical_damage = draw(st.integers(0, sheet.physical_boxes))
    sheet.stun_damage = draw(st.integers(0, sheet.stun_boxes))
    return ShadowrunSheet.model_validate(sheet.model_dump())


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sheet=shadowrun_sheets())
def test_any_shadowrun_sheet_loads_back_as_saved(tmp_path, sheet):
    path = tmp_path / "runner.json"
    save_character(path, SYSTEM, sheet)
    loaded = load_character(path, REGISTRY)
    assert loaded.system is SYSTEM
    assert loaded.sheet == sheet
    assert not loaded.migrated
