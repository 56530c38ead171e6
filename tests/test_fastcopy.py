"""bot.fastcopy.deep_copy: the same deep copy as copy.deepcopy for plain data, faster."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from bot.fastcopy import deep_copy
from bot.sim.state import Card, GameState, StackItem


def test_a_game_state_copy_equals_deepcopy_and_shares_nothing_mutable():
    st = GameState(cards={"a": Card(id="a", owner="first", traits={"flying"}, cell=(2, 3),
                                    forbidden_cells={(1, 3)}, abilities={"x": "Ранить выбранное существо на 1"},
                                    modifiers=["+1 к удару"])},
                   stack=[StackItem("удар", "first", "attack", "a", {"targets": ["b"], "n": 2})], passes=["second"])
    got = deep_copy(st)
    assert got == copy.deepcopy(st) and got is not st
    got.cards["a"].traits.add("incorporeal")
    got.cards["a"].modifiers.append("-1")
    got.stack[0].effect["targets"].append("c")
    got.passes.clear()
    assert st.cards["a"].traits == {"flying"} and st.cards["a"].modifiers == ["+1 к удару"]
    assert st.stack[0].effect == {"targets": ["b"], "n": 2} and st.passes == ["second"]
    assert st.copy() == st and st.copy().cards["a"] is not st.cards["a"]


@dataclass
class _Box:
    items: list = field(default_factory=list)
    same: object = None


class _Slotted:
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v


def test_aliases_stay_one_object_shared_objects_are_kept_and_others_fall_back_to_deepcopy():
    inner = [1, 2]
    token = _Box(["неизменный"])
    box = _Box([inner, inner, token, _Slotted([3])], same=inner)
    got = deep_copy(box, shared=[token])
    assert got.items[0] is got.items[1] is got.same and got.items[0] is not inner
    assert got.items[2] is token                     # shared: not copied
    assert got.items[3] is not box.items[3] and got.items[3].v == [3] and got.items[3].v is not box.items[3].v
    assert deep_copy((1, "a", (2,))) == (1, "a", (2,)) and deep_copy({"k": {1, 2}}) == {"k": {1, 2}}
