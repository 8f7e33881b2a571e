"""A game master and eight players, each a process of its own, on 127.0.0.1 only."""

from __future__ import annotations

import pytest

from tests.network.peers import converge, start_table

CODE = "7KQ2MX"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    host, players = start_table(tmp_path_factory.mktemp("table"), CODE, 8)
    yield host, players
    for peer in [*players, host]:
        peer.quit()


def test_eight_players_join_edit_with_the_game_master_and_every_replica_converges(table):
    host, players = table
    docs = [
        player.request("new", key="main", fields={"name": f"Runner {n}", "edge": 3})
        for n, player in enumerate(players)
    ]
    # The same characters edited from both sides at once: the player renames and spends
    # Edge, the game master applies damage and charges Edge.
    for n, (player, doc) in enumerate(zip(players, docs, strict=True)):
        player.request("set", doc=doc, fields={"name": f"Runner {n}!", "notes": "wounded"})
        player.request("res", doc=doc, resource="edge", delta=-1, label="-1 Edge")
        host.request("res", doc=doc, resource="edge", delta=-1, label="-1 Edge")
        host.request("res", doc=doc, resource="physical", delta=3, label="+3 physical")
        player.request("roll", doc=doc, text=f"roll of {n}", record={"hits": n})
    state = converge(host, players)

    # It equals what one laptop would have recorded: every change kept, none twice.
    for n, doc in enumerate(docs):
        character = state[doc]
        assert character["fields"] == {"name": f"Runner {n}!", "edge": 3, "notes": "wounded"}
        assert sorted((e["resource"], e["delta"]) for e in character["ledger"]) == [
            ("edge", -1),
            ("edge", -1),
            ("physical", 3),
        ]
        assert state["table"]["party"][doc]["resources"] == {"edge": -2, "physical": 3}
    assert sorted(roll["text"] for roll in state["table"]["rolls"]) == sorted(
        f"roll of {n}" for n in range(8)
    )
    assert len(state["table"]["players"]) == 8
    # A player holds the table and their own character, nobody else's.
    for player in players:
        assert all(
            doc == "table" or doc.startswith(player.laptop) for doc in player.request("state")
        )


def test_a_contest_asks_each_player_for_dice_on_their_own_laptop(table):
    host, players = table
    first = players[0].request("new", key="contest", fields={"name": "A"})
    second = players[1].request("new", key="contest", fields={"name": "B"})
    converge(host, players[:2])
    faces_first = host.request("ask", doc=first, count=3, sides=6)["faces"]
    players[1].request("typed", faces=[20, 1])  # real dice, typed in on that laptop
    assert host.request("ask", doc=second, count=2, sides=20) == {"faces": [20, 1], "typed": True}
    faces_second = host.request("ask", doc=second, count=2, sides=20)
    assert not faces_second.pop("typed")  # thrown digitally there
    faces_second = faces_second["faces"]
    assert len(faces_first) == 3 and all(1 <= f <= 6 for f in faces_first)
    assert len(faces_second) == 2 and all(1 <= f <= 20 for f in faces_second)
    # Nobody plays a character the host does not know: the request fails, nothing hangs.
    with pytest.raises(RuntimeError, match="LookupError"):
        host.request("ask", doc="0123456789abcdef/x", count=1, sides=6)
