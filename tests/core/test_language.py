"""Texts in the current language that render themselves again, from real compiled catalogs."""

import copy
import pickle
from collections import Counter

import pytest

from shadowdice.core import language
from shadowdice.core.language import Text, translations


@pytest.fixture
def german(demo_catalog):
    """A German catalog for the domain "demo", compiled the way the build does it."""
    demo_catalog(
        {
            "Roll": "Würfeln",
            "{hits} hits - {verdict}": "{hits} Erfolge - {verdict}",
            "success": "gelungen",
            ("{n} hit", "{n} hits"): ("{n} Erfolg", "{n} Erfolge"),
        }
    )


def demo_functions():
    _, _n = translations("shadowdice.systems.demo.rolls")
    return _, _n


def test_a_text_is_english_until_another_language_is_chosen(german):
    _, _n = demo_functions()
    assert _("Roll") == "Roll"
    language.set_language("de")
    assert _("Roll") == "Würfeln"


def test_a_text_made_in_english_renders_again_in_german_with_its_arguments(german):
    _, _n = demo_functions()
    headline = _("{hits} hits - {verdict}", hits=3, verdict=_("success"))
    assert headline == "3 hits - success"
    language.set_language("de")
    assert headline.translated() == "3 Erfolge - gelungen"


@pytest.mark.parametrize(
    ("n", "english", "german_text"),
    [(1, "1 hit", "1 Erfolg"), (3, "3 hits", "3 Erfolge"), (0, "0 hits", "0 Erfolge")],
)
def test_plural_forms_follow_the_number(german, n, english, german_text):
    _, _n = demo_functions()
    text = _n("{n} hit", "{n} hits", n)
    assert text == english
    language.set_language("de")
    assert text.translated() == german_text


def test_a_text_goes_to_a_file_without_words_of_one_language_and_comes_back(german):
    _, _n = demo_functions()
    language.set_language("de")
    headline = _("{hits} hits - {verdict}", hits=3, verdict=_("success"))
    data = headline.to_data()
    assert "Erfolge" not in repr(data) and "gelungen" not in repr(data)
    language.set_language("en")
    again = Text.from_data(data)
    assert again == "3 hits - success"
    language.set_language("de")
    assert again.translated() == "3 Erfolge - gelungen"


def test_a_typed_name_and_an_old_plain_string_stay_as_they_are(german):
    name = Text.literal("Kira Roll")
    language.set_language("de")
    assert name.translated() == "Kira Roll"
    assert name.to_data() == "Kira Roll"
    assert Text.from_data("3 hits - success").translated() == "3 hits - success"


def test_a_joined_list_renders_each_item_again(german):
    _, _n = demo_functions()
    joined = Text.join(", ", [_("Roll"), "7", _("success")])
    assert joined == "Roll, 7, success"
    language.set_language("de")
    assert joined.translated() == "Würfeln, 7, gelungen"
    assert Text.from_data(joined.to_data()).translated() == "Würfeln, 7, gelungen"


def test_a_text_survives_pickling_with_its_message(german):
    _, _n = demo_functions()
    text = pickle.loads(pickle.dumps(_("Roll")))
    language.set_language("de")
    assert text.translated() == "Würfeln"


def test_a_copy_of_a_text_keeps_the_words_it_was_made_in(german):
    # Given a text made in German, kept (as a roll keeps its texts per language)
    _, _n = demo_functions()
    language.set_language("de")
    kept = {"words": _("{hits} hits - {verdict}", hits=2, verdict=_("success"))}

    # When it is copied while English is shown
    language.set_language("en")
    shallow, deep = copy.copy(kept), copy.deepcopy(kept)

    # Then both copies read the German they were made in, and can still render anew
    assert shallow["words"] == deep["words"] == "2 Erfolge - gelungen"
    assert deep["words"].translated() == "2 hits - success"


def test_a_list_joined_by_a_text_renders_its_items_again(german):
    _, _n = demo_functions()
    joined = Text.join(_(" - "), [_("Roll"), "b"])
    assert joined == "Roll - b"
    language.set_language("de")
    assert joined.translated() == "Würfeln - b"


@pytest.mark.parametrize(
    "data", [7, None, {"args": {}}, {"message": 3}, {"message": "x", "args": "y"}]
)
def test_broken_text_data_from_a_file_is_refused(data):
    with pytest.raises(ValueError):
        Text.from_data(data)


def test_a_translation_with_a_wrong_placeholder_falls_back_to_english(demo_catalog):
    demo_catalog({"{hits} hits": "{treffer} Erfolge"})
    _, _n = demo_functions()
    language.set_language("de")
    assert _("{hits} hits", hits=2) == "2 hits"


def test_the_pseudo_language_is_longer_and_keeps_placeholders():
    _, _n = translations("shadowdice.ui.main_window")
    try:
        language.set_language("pseudo")
        text = _("{n} hits against the threshold", n=4)
        assert "4" in text and len(text) >= 1.4 * len("4 hits against the threshold")
    finally:
        language.set_language("en")


def test_listeners_hear_each_change_once_and_can_leave():
    heard = []
    leave = language.on_change(heard.append)
    try:
        language.set_language("de")
        language.set_language("de")
        language.set_language("en")
    finally:
        leave()
        language.set_language("en")
    language.set_language("de")
    language.set_language("en")
    assert heard == ["de", "en"]


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="no catalog"):
        language.set_language("fr")


def test_rendering_leaves_a_texts_arguments_as_they_were_given(german):
    _, _n = demo_functions()
    verdict = _("success")
    headline = _("{hits} hits - {verdict}", hits=3, verdict=verdict)
    counted = _n("{n} hit", "{n} hits", 3)
    language.set_language("de")
    assert (headline.translated(), counted.translated()) == ("3 Erfolge - gelungen", "3 Erfolge")
    # The nested text is kept as a text (not its string), and the plural's number is no argument
    assert headline.args == {"hits": 3, "verdict": verdict}
    assert headline.args["verdict"] is verdict
    assert counted.args == {} and counted.to_data() == {
        "domain": "demo",
        "message": "{n} hit",
        "plural": "{n} hits",
        "n": 3,
    }


def test_an_argument_named_n_wins_over_the_number_of_a_plural():
    _, _n = demo_functions()
    assert _n("{n} hit", "{n} hits", 3, n="three") == "three hits"
    assert _n("{n} hit", "{n} hits", 1, n="one") == "one hit"


def test_texts_in_a_tuple_render_in_the_outer_texts_language(german):
    _, _n = demo_functions()
    language.set_language("de")
    german_roll = _("Roll")
    listed = _("{hits} hits - {verdict}", hits=2, verdict=("x", german_roll, (_("success"), 1)))
    assert listed == "2 Erfolge - ('x', 'Würfeln', ('gelungen', 1))"
    assert listed.in_language("en") == "2 hits - ('x', 'Roll', ('success', 1))"


def test_arguments_given_as_another_mapping_are_copied_and_never_made_up():
    # A Counter answers 0 for a missing key: the text must not show that 0
    text = Text("demo", "{hits} hits", args=Counter(hits=2))
    assert text == "2 hits" and type(text.args) is dict
    with pytest.raises(KeyError):
        Text("demo", "{hits} hits and {misses} misses", args=Counter(hits=2))


def test_a_text_made_by_underscore_is_the_text_the_class_makes(german):
    _, _n = demo_functions()
    language.set_language("de")
    made = _("{hits} hits - {verdict}", hits=1, verdict=_("success"))
    again = Text("demo", "{hits} hits - {verdict}", args={"hits": 1, "verdict": _("success")})
    assert made == again == "1 Erfolge - gelungen"
    assert vars(made) == vars(again)
    counted = _n("{n} hit", "{n} hits", 1)
    assert vars(counted) == vars(Text("demo", "{n} hit", "{n} hits", 1))
    assert type(made) is type(counted) is Text
