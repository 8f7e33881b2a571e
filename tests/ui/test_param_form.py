"""The parameter form builds one editor per declared parameter and reads them back."""

import pytest
from PySide6.QtCore import Qt

from shadowdice.core.registry import CheckParam
from shadowdice.core.sheet import Kind
from shadowdice.ui.play.param_form import ParamForm

PARAMS = (
    CheckParam("trait", "Trait", Kind.CHOICE, "a", choices=(("a", "Alpha"), ("b", "Beta"))),
    CheckParam("needed", "Successes needed", Kind.INT, 3, bounds=(1, 20)),
    CheckParam("hard", "Hard", Kind.FLAG, False),
    CheckParam(
        "observed",
        "Observed",
        Kind.CHARACTERS,
        ("Bo",),
        choices=(("Ash", "Ash"), ("Bo", "Bo"), ("Cy", "Cy")),
    ),
)


def test_each_kind_gets_its_editor_with_the_default(qtbot):
    form = ParamForm()
    qtbot.addWidget(form)
    form.set_params(PARAMS, {})
    assert form.values() == {"trait": "a", "needed": 3, "hard": False, "observed": ("Bo",)}
    assert form.widget("needed").maximum() == 20


def test_ticking_characters_changes_the_value_and_says_so(qtbot):
    form = ParamForm()
    qtbot.addWidget(form)
    form.set_params(PARAMS, {})
    names = form.widget("observed")
    with qtbot.waitSignal(form.values_changed):
        names.item(0).setCheckState(Qt.CheckState.Checked)
    assert form.values()["observed"] == ("Ash", "Bo")


def test_kept_values_survive_a_rebuild_where_they_still_fit(qtbot):
    form = ParamForm()
    qtbot.addWidget(form)
    form.set_params(PARAMS, {})
    form.widget("trait").setCurrentIndex(1)
    form.widget("needed").setValue(7)
    kept = form.values()
    narrower = (
        CheckParam("trait", "Trait", Kind.CHOICE, "a", choices=(("a", "Alpha"),)),
        *PARAMS[1:],
    )
    form.set_params(narrower, kept)
    assert form.values()["trait"] == "a", "a choice no longer offered falls back to the default"
    assert form.values()["needed"] == 7


def test_a_parameter_shows_only_with_the_value_it_goes_with(qtbot):
    form = ParamForm()
    qtbot.addWidget(form)
    form.show()
    only = CheckParam("observed", "Observed", Kind.INT, 0, bounds=(0, 9), only_with=("trait", "b"))
    form.set_params((PARAMS[0], only), {})
    assert not form.widget("observed").isVisible()
    form.widget("trait").setCurrentIndex(1)
    assert form.widget("observed").isVisible()


def test_characters_kept_from_before_but_no_longer_open_are_named(qtbot):
    form = ParamForm()
    qtbot.addWidget(form)
    form.set_params(PARAMS, {"observed": ("Bo", "Mira")})
    assert form.values()["observed"] == ("Bo",)
    assert form.gone == ["Mira"]


def test_a_code_is_typed_into_a_line_and_each_key_says_so(qtbot):
    form = ParamForm()
    qtbot.addWidget(form)
    form.set_params((CheckParam("damage", "Damage", Kind.CODE, "4D"),), {})
    line = form.widget("damage")
    line.clear()
    changes = []
    form.values_changed.connect(lambda: changes.append(form.values()["damage"]))

    qtbot.keyClicks(line, "5D+")

    assert changes == ["5", "5D", "5D+"]
    assert form.values() == {"damage": "5D+"}


def test_a_parameter_hides_with_the_parameter_it_depends_on(qtbot):
    # Given a typed code shown only for a typed roll, which is offered only for "a roll"
    params = (
        CheckParam("check", "Check", Kind.CHOICE, "roll", choices=(("roll", "A roll"), ("x", "X"))),
        CheckParam(
            "roll",
            "Roll",
            Kind.CHOICE,
            "code",
            choices=(("code", "Typed"), ("skill", "Skill")),
            only_with=("check", "roll"),
        ),
        CheckParam("code", "Code", Kind.CODE, "3D", only_with=("roll", "code")),
    )
    form = ParamForm()
    qtbot.addWidget(form)
    form.set_params(params, {})
    form.show()
    assert form.widget("code").isVisible()

    # When the check is switched away from "a roll"
    form.widget("check").setCurrentIndex(1)

    # Then the roll and the code it goes with are both hidden
    assert not form.widget("roll").isVisible()
    assert not form.widget("code").isVisible()
    assert not form.applies("code")


def test_a_choice_names_the_chosen_entry_whole_in_its_tooltip_above_the_hint(qtbot):
    form = ParamForm()
    qtbot.addWidget(form)
    hinted = CheckParam(
        "distance",
        "Distance to the leader",
        Kind.CHOICE,
        "heels",
        choices=(("level", "level (under 1 m)"), ("heels", "hot on the heels (1 to 3 m)")),
        hint="How far the runner is behind.",
    )
    form.set_params((hinted, PARAMS[0]), {})
    combo = form.widget("distance")
    assert combo.toolTip() == "hot on the heels (1 to 3 m)\nHow far the runner is behind."
    combo.setCurrentIndex(0)
    assert combo.toolTip() == "level (under 1 m)\nHow far the runner is behind."
    assert form.widget("trait").toolTip() == "Alpha"  # no hint: the entry alone


@pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")
def test_a_narrow_choice_ends_in_an_ellipsis_and_its_list_shows_every_entry_whole(qtbot):
    from shadowdice.ui.play.param_form import ChoiceBox

    long = "Nahkampfabwehr (unbewaffnet) 4D (Geschicklichkeit)"
    form = ParamForm()
    qtbot.addWidget(form)
    choices = (("short", "Kurz"), ("long", long))
    form.set_params((CheckParam("roll", "Wurf", Kind.CHOICE, "long", choices=choices),), {})
    box = form.widget("roll")
    assert isinstance(box, ChoiceBox)
    # It asks for its chosen entry's width, but makes do with ten letters
    assert box.sizeHint().width() > box.fontMetrics().horizontalAdvance(long)
    assert box.minimumSizeHint().width() < box.fontMetrics().horizontalAdvance(long)
    # Given less room than its entry needs, it shows the start of it and "…", never cut
    form.resize(200, form.sizeHint().height())
    form.show()
    qtbot.waitExposed(form)
    assert box.width() < box.sizeHint().width()
    shown = box.shown_text()
    assert shown.endswith("…") and long.startswith(shown[:-1]) and len(shown) > 5
    # And its list is as wide as its longest entry
    box.showPopup()
    assert box.view().width() >= box.fontMetrics().horizontalAdvance(long)
    box.hidePopup()
    # A short entry chosen: whole
    box.setCurrentIndex(0)
    assert box.shown_text() == "Kurz"
