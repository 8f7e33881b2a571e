"""What characters spend in play: each system's resources stay within their bounds, and
setting one is checked and all-or-nothing.
"""

import pytest

from shadowdice.core.sheet import SheetEditError, set_resource
from shadowdice.systems import builtin_registry

SYSTEMS = list(builtin_registry())


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_every_system_declares_resources_within_their_bounds(system):
    sheet = system.new_sheet()
    resources = system.sheet_resources()
    assert resources, f"{system.name} tracks nothing in play"
    assert len({r.key for r in resources}) == len(resources)
    for resource in resources:
        low, high = resource.bounds(sheet)
        assert low <= resource.get(sheet) <= high
        set_resource(sheet, resource, high)
        assert resource.get(sheet) == high
        with pytest.raises(SheetEditError, match=resource.label):
            set_resource(sheet, resource, high + 1)
        assert resource.get(sheet) == high, "a refused value leaves the sheet as it was"


def test_the_status_tells_the_wounds():
    shadowrun = builtin_registry().get("shadowrun4")
    sheet = shadowrun.new_sheet()
    assert shadowrun.sheet_status(sheet) == ""
    damage = next(r for r in shadowrun.sheet_resources() if r.key == "physical_damage")
    set_resource(sheet, damage, 4)
    assert shadowrun.sheet_status(sheet) == "Wound modifier −1"

    starwars = builtin_registry().get("starwars_d6")
    sheet = starwars.new_sheet()
    wounds = next(r for r in starwars.sheet_resources() if r.key == "wound")
    set_resource(sheet, wounds, 1)
    assert wounds.words(sheet) == "Wounded (-1D)"
    assert starwars.sheet_status(sheet) == "Wounded (-1D)"
