"""The shape of a saved Mantis Falls state, and the grammar of its stack frames.

A saved session holds a state as ``MantisFallsState.to_dict()`` wrote it.  Before it
is rebuilt, :func:`state_schema` (a JSON Schema, built from the game's card data so
card numbers are checked against the real deck sizes) checks every field: its type
(true/false where a flag belongs, never 0 or 1), its range (positions on the road,
wounds from 0 to the maximum, card numbers within each deck) and its length (one
entry per player, fourteen roads).  What a schema cannot say well, the stack of
pending steps, :func:`frame_problems` checks frame by frame: each frame's name, the
shape of its arguments, the players, cards and effect references they name.

The same frame grammar runs in the invariants (``invariants.py``) after every step
of every conformance game, so it cannot drift from what the engine really stores.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tutor.games.mantis_falls.engine.data import fields_a_save_may_lack
from tutor.games.mantis_falls.state import (
    CARD_EFFECTS,
    CE_SPACES,
    END,
    FRAME_NAMES,
    MAX_GASPS,
    PHASE_TITLES,
    PICK_NAMES,
    TURN_STEPS,
)

if TYPE_CHECKING:
    from tutor.games.mantis_falls.game import MantisFallsGame

Problem = tuple[str, str, str]
"""(key path under ``stack``, expected, found): one thing wrong with a frame."""

ROLES = ("witness", "assassin")
COUNTER_MAX = 2**31 - 1
"""Turn numbers, step counts and the like stay below this (real games are far below)."""
AMOUNT_MAX = 99
"""Wounds, heals, draws or discards a single pending step may still deal."""
STACK_MAX = 200
"""Deeper than any real game's stack of pending steps."""

FRAME_KINDS = FRAME_NAMES
"""The frames the engine writes (its typed frame classes, :func:`state.frame_from_list`)."""
# Where an any-time window was opened (the engine only stores it); "gasp" is the one
# tag of sessions saved before the Last Gasp windows were split in three.
WINDOW_TAGS = (
    "turn_start",
    "before_reveal",
    "before_event",
    "before_draw",
    "gasp_start",
    "gasp_before_reveal",
    "gasp_end",
    "gasp",
)
MAINPLAY_MODES = ("choose", "play", "discard")
CHANCE_KINDS = ("action_draw", "event_draw", "peek", "discard", "bury")
# A frame's context (who acts, from what source): which deck the source's index is in.
CTX_SOURCES: dict[str, str | None] = {
    "action": "actions",
    "condition": "actions",
    "event": "events",
    "ally": "allies",
    "turn": None,
    "road": None,
    "draw": None,
    "ambush": None,
    "gasp": None,
    "agent": None,  # Under the Rose: meeting, paying and redeeming (topic 23)
}
# The stages of a Last Gasp that can be waiting under other frames (start and end
# are passed through at once, never left on a resting stack).
GASP_STAGES_AT_REST = ("reveal", "window")
PICK_KINDS = PICK_NAMES
EFFECT_KINDS = frozenset(CARD_EFFECTS)
_USED_ONCE = re.compile(r"^(cond|ally):[0-9]{1,6}$")


# ---------------------------------------------------------------------------------------
# The JSON Schema of a saved state
# ---------------------------------------------------------------------------------------
def _int(lo: int, hi: int, expected: str = "") -> dict[str, Any]:
    node: dict[str, Any] = {"type": "integer", "minimum": lo, "maximum": hi}
    if expected:
        node["expected"] = expected
    return node


def _list(item: dict[str, Any], at_most: int | None = None, exactly: int | None = None) -> Any:
    node: dict[str, Any] = {"type": "array", "items": item}
    if exactly is not None:
        node["minItems"] = node["maxItems"] = exactly
    elif at_most is not None:
        node["maxItems"] = at_most
    return node


def state_schema(game: MantisFallsGame) -> dict[str, Any]:
    """The JSON Schema of ``MantisFallsState.to_dict()`` output for ``game``'s card data.

    Every field is required (but those of modules the game is played without) and no
    other key is allowed; numbers are whole numbers in
    range; flags are true/false.  The stack is only shaped here (a list of lists, each
    starting with a frame name); :func:`frame_problems` checks each frame.
    """
    n = game.num_players
    cards = game.cards
    n_actions, n_events, n_allies = len(cards.actions), len(cards.events), len(cards.allies)
    n_roads = len(cards.roads)
    rose = game.rose
    n_horizons = len(rose.horizons) if rose else 0
    n_skies = len(rose.skies) if rose else 0
    max_wounds = sorted({c.max_wounds for c in cards.characters.values()})
    top_wounds = max(max_wounds)

    player = _int(0, n - 1, f"a player number from 0 to {n - 1}")
    action = _int(0, n_actions - 1, f"an action card number from 0 to {n_actions - 1}")
    event = _int(0, n_events - 1, f"an event card number from 0 to {n_events - 1}")
    ally = _int(0, n_allies - 1, f"an ally card number from 0 to {n_allies - 1}")
    road = _int(0, n_roads - 1, f"a road card number from 0 to {n_roads - 1}")
    role = {"enum": list(ROLES)}
    flag = {"type": "boolean"}
    counter = _int(0, COUNTER_MAX)
    players = _list(player, at_most=n)
    players["uniqueItems"] = True

    def per_player(item: dict[str, Any]) -> Any:
        return _list(item, exactly=n)

    actions = _list(action, at_most=n_actions)
    events = _list(event, at_most=n_events)
    allies = _list(ally, at_most=n_allies)
    rule_id = {"type": "string", "minLength": 1, "maxLength": 40}
    result = {
        "type": "object",
        "additionalProperties": False,
        "required": [
            "end",
            "winners",
            "tie",
            "dead",
            "roles",
            "returns",
            "turns",
            "gasps",
            "why",
            "rule",
        ],
        "properties": {
            "end": {"enum": ["escape", "death"]},
            "winners": players,
            "tie": flag,
            "dead": players,
            "roles": per_player(role),
            "returns": per_player({"enum": [-1, 0, 1]}),
            "turns": counter,
            "gasps": per_player(_int(0, MAX_GASPS)),
            "why": {"type": "string"},
            "rule": rule_id,
        },
    }
    properties: dict[str, Any] = {
        "game": {"const": "mantis_falls"},
        "rng": _int(0, 2**64 - 1, "the random generator's state, a whole number from 0 to 2**64-1"),
        "tracing": flag,
        "roles": per_player(role),
        "max_wounds": per_player(
            {"enum": max_wounds, "expected": f"a character's maximum wounds ({max_wounds})"}
        ),
        "characters": per_player(
            _int(0, len(cards.character_cards) - 1, "a character card number")
        ),
        "character_shown": per_player(flag),
        "pos": per_player(_int(0, END, f"a position on the road from 0 to {END}")),
        "wounds": per_player(_int(0, top_wounds, f"wounds from 0 to the maximum ({top_wounds})")),
        "gasps": per_player(_int(0, MAX_GASPS, f"a gasp marker from 0 to {MAX_GASPS}")),
        "dead": per_player(flag),
        "revealed": per_player(_int(0, n_actions)),
        "road_at": _list(road, exactly=END + 1),
        "face_up": _list(flag, exactly=END + 1),
        "removed_roads": _list(road, at_most=n_roads),
        "action_pile": actions,
        "action_top": actions,
        "action_discard": actions,
        "event_pile": events,
        "event_top": events,
        "event_bottom": events,
        "event_discard": events,
        "event_top_known": players,
        "ally_deck": allies,
        "conserved": _list(action, at_most=CE_SPACES),
        "night": actions,
        "dark": actions,
        "gasp_play": actions,
        "gasp_due": players,
        "play_kept": per_player(_int(0, n_actions)),
        "hands": per_player(actions),
        "conditions": per_player(actions),
        "allies": per_player(allies),
        "used_once": per_player(
            _list(
                {
                    "type": "string",
                    "pattern": _USED_ONCE.pattern,
                    "expected": "'cond:<card>' or 'ally:<card>'",
                },
                at_most=64,
            )
        ),
        "plays": per_player(actions),
        "agent_horizon": per_player(_int(-1, n_horizons - 1, "-1 (no agent) or a Horizon card")),
        "agent_sky": per_player(_int(-1, n_skies - 1, "-1 (no agent) or a Sky card")),
        "buried": per_player(actions),
        "removed_role": role,
        "turn_no": counter,
        "turn_player": player,
        "first_player": player,
        "event": _int(
            -1, n_events - 1, f"-1 (no event) or an event card number up to {n_events - 1}"
        ),
        "event_prevented": flag,
        "opp_wounds": _int(0, 10_000),
        "reveal_next": player,
        "gasp_revealed": _int(0, n_actions),
        "gasp_kept": _int(0, n_actions),
        "in_gasp": _int(-1, n - 1, f"-1 (nobody) or a player number up to {n - 1}"),
        "boost": flag,
        "phase": {"enum": list(PHASE_TITLES)},
        "steps": counter,
        "result": {"anyOf": [{"type": "null"}, result]},
        "stack": _list(
            {
                "type": "array",
                "minItems": 1,
                "prefixItems": [
                    {
                        "enum": list(FRAME_KINDS),
                        "expected": f"a frame name ({', '.join(FRAME_KINDS)})",
                    }
                ],
                "expected": "a frame: a list starting with the frame's name",
            },
            at_most=STACK_MAX,
        ),
        # Entries are checked by tutor.core.validation.check_trace (fast for long traces).
        "trace": _list({"type": "object", "expected": "a trace entry (a mapping)"}),
        "event_log": _list({"type": "string", "maxLength": 80}),
        "event_stats": _list(
            {
                "type": "array",
                "prefixItems": [_int(0, END), _int(0, 10_000)],
                "minItems": 2,
                "maxItems": 2,
                "expected": "a [position, wounds] pair",
            }
        ),
    }
    return {
        "type": "object",
        "additionalProperties": False,
        # A module's fields may be missing from a save of a game without it (data.py).
        "required": sorted(set(properties) - fields_a_save_may_lack(game.modules)),
        "properties": properties,
    }


# ---------------------------------------------------------------------------------------
# The stack's frames
# ---------------------------------------------------------------------------------------
def _short(value: Any) -> str:
    from tutor.core.validation import short

    return short(value)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_seq(x: Any) -> bool:
    return isinstance(x, list | tuple)


class _Frames:
    """Checks frames against the engine's grammar; collects (path, expected, found)."""

    def __init__(self, game: MantisFallsGame) -> None:
        self.game = game
        self.n = game.num_players
        cards = game.cards
        self.sizes = {
            "actions": len(cards.actions),
            "events": len(cards.events),
            "allies": len(cards.allies),
            "skies": len(game.rose.skies) if game.rose else 0,
        }
        self.problems: list[Problem] = []
        # The grammar of each frame, by the name a saved frame starts with.
        self.checks: dict[str, Callable[[str, Any], bool]] = {
            "turn": self.f_turn,
            "pick": self.f_pick,
            "mainplay": self.f_mainplay,
            "window": self.f_window,
            "gasp_return": self.f_gasp_return,
            "gasp_play": self.f_gasp_play,
            "chance": self.f_chance,
            "reveal_loop": self.f_reveal_loop,
            "card_done": self.f_card_done,
            "effects": self.f_effects,
            "event_process": self.f_event_process,
            "draw_phase": self.f_draw_phase,
            "draw_count": self.f_draw_count,
            "ambush_wound": self.f_ambush_wound,
            "gasp": self.f_gasp,
            "rose": self.f_rose,
        }

    def bad(self, path: str, expected: str, found: Any) -> bool:
        self.problems.append((path, expected, _short(found)))
        return False

    def shape(self, path: str, frame: Any, length: int, what: str) -> bool:
        if not _is_seq(frame) or len(frame) != length:
            return self.bad(path, f"{what} ({length} items)", frame)
        return True

    def player(self, path: str, x: Any) -> bool:
        if _is_int(x) and 0 <= x < self.n:
            return True
        return self.bad(path, f"a player number from 0 to {self.n - 1}", x)

    def whole(self, path: str, x: Any, lo: int, hi: int) -> bool:
        if _is_int(x) and lo <= x <= hi:
            return True
        return self.bad(path, f"a whole number from {lo} to {hi}", x)

    def card(self, path: str, x: Any, deck: str) -> bool:
        size = self.sizes[deck]
        if _is_int(x) and 0 <= x < size:
            return True
        return self.bad(path, f"a card number of the {deck} from 0 to {size - 1}", x)

    def rule(self, path: str, x: Any) -> bool:
        if isinstance(x, str) and x in self.game.rulebook:
            return True
        return self.bad(path, "a rule id of Mantis Falls", x)

    def choice(self, path: str, x: Any, allowed: Sequence[str]) -> bool:
        if isinstance(x, str) and x in allowed:
            return True
        return self.bad(path, f"one of {', '.join(map(repr, allowed))}", x)

    def players(self, path: str, xs: Any, at_least: int = 0) -> bool:
        if not _is_seq(xs) or not at_least <= len(xs) <= self.n:
            return self.bad(path, f"a list of {at_least} to {self.n} players", xs)
        if not all(self.player(f"{path}[{i}]", x) for i, x in enumerate(xs)):
            return False
        if len(set(xs)) != len(xs):
            return self.bad(path, "players that are all different", xs)
        return True

    def ctx(self, path: str, ctx: Any) -> bool:
        if not self.shape(path, ctx, 5, "a context [player, source, card, position, in gasp]"):
            return False
        p, src, idx, position, in_gasp = ctx
        ok = self.player(f"{path}[0]", p) and self.choice(f"{path}[1]", src, tuple(CTX_SOURCES))
        if not ok:
            return False
        deck = CTX_SOURCES[src]
        if deck is None:
            if idx != -1 or isinstance(idx, bool):
                return self.bad(f"{path}[2]", f"-1 (a {src} step names no card)", idx)
        elif not self.card(f"{path}[2]", idx, deck):
            return False
        if not self.whole(f"{path}[3]", position, 0, self.sizes["actions"]):
            return False
        if not isinstance(in_gasp, bool):
            return self.bad(f"{path}[4]", "true or false", in_gasp)
        return True

    def resolve(self, path: str, ref: Any) -> Any:
        """The card-data node ``ref`` points to, or ``None`` (with a problem noted)."""
        expected = "a reference into the card data [deck, card, key, ...]"
        if not _is_seq(ref) or not 2 <= len(ref) <= 12:
            self.bad(path, expected, ref)
            return None
        decks = {"action": "actions", "event": "events", "ally": "allies", "agent": "skies"}
        kind, index, *keys = ref
        if not self.choice(f"{path}[0]", kind, tuple(decks)):
            return None
        if not self.card(f"{path}[1]", index, decks[kind]):
            return None
        node: Any = self.game.resolve((kind, index))
        for k, key in enumerate(keys, start=2):
            in_dict = isinstance(node, dict) and isinstance(key, str) and key in node
            in_list = isinstance(node, list) and _is_int(key) and 0 <= key < len(node)
            if in_dict or in_list:
                node = node[key]
            else:
                self.bad(f"{path}[{k}]", "a key or index that exists in the card data", key)
                return None
        return node

    def effects(self, path: str, ref: Any) -> int | None:
        """The number of effects in the list ``ref`` points to, if it is an effect list."""
        node = self.resolve(path, ref)
        if node is None:
            return None
        ok = isinstance(node, list) and all(
            isinstance(e, dict) and e.get("do") in EFFECT_KINDS for e in node
        )
        if not ok:
            self.bad(path, "a reference to a list of card effects", ref)
            return None
        return len(node)

    # ---- one frame ---------------------------------------------------------------
    def frame(self, path: str, f: Any) -> bool:
        if not _is_seq(f) or not f or not isinstance(f[0], str) or f[0] not in FRAME_KINDS:
            return self.bad(path, "a frame: a list starting with a frame name", f)
        return bool(self.checks[f[0]](path, f))

    def f_turn(self, path: str, f: Any) -> bool:
        return self.shape(path, f, 2, "a turn frame") and self.choice(
            f"{path}[1]", f[1], TURN_STEPS
        )

    def f_mainplay(self, path: str, f: Any) -> bool:
        return (
            self.shape(path, f, 4, "a main play frame [mainplay, player, mode, cards]")
            and self.player(f"{path}[1]", f[1])
            and self.choice(f"{path}[2]", f[2], MAINPLAY_MODES)
            and self.whole(f"{path}[3]", f[3], 0, self.sizes["actions"])
        )

    def f_window(self, path: str, f: Any) -> bool:
        return (
            self.shape(path, f, 3, "a window frame [window, tag, players asked]")
            and self.choice(f"{path}[1]", f[1], WINDOW_TAGS)
            and self.players(f"{path}[2]", f[2], at_least=1)
        )

    def f_reveal_loop(self, path: str, f: Any) -> bool:
        return self.shape(path, f, 2, "a reveal frame") and self.choice(
            f"{path}[1]", f[1], ("window", "reveal")
        )

    def f_event_process(self, path: str, f: Any) -> bool:
        return self.shape(path, f, 1, "an event processing frame")

    def f_draw_phase(self, path: str, f: Any) -> bool:
        return self.shape(path, f, 2, "a draw phase frame") and self.whole(
            f"{path}[1]", f[1], 0, self.n - 1
        )

    def f_card_done(self, path: str, f: Any) -> bool:
        return self.shape(path, f, 2, "a card-done frame") and self.ctx(f"{path}[1]", f[1])

    def f_effects(self, path: str, f: Any) -> bool:
        if not self.shape(path, f, 4, "an effects frame [effects, context, reference, next]"):
            return False
        if not self.ctx(f"{path}[1]", f[1]):
            return False
        count = self.effects(f"{path}[2]", f[2])
        return count is not None and self.whole(f"{path}[3]", f[3], 0, count)

    def f_ambush_wound(self, path: str, f: Any) -> bool:
        return (
            self.shape(path, f, 3, "an ambush frame [ambush_wound, player, wounds]")
            and self.player(f"{path}[1]", f[1])
            and self.whole(f"{path}[2]", f[2], 0, AMOUNT_MAX)
        )

    def f_draw_count(self, path: str, f: Any) -> bool:
        return (
            self.shape(path, f, 4, "a draw frame [draw_count, player, cards left, rule]")
            and self.player(f"{path}[1]", f[1])
            and self.whole(f"{path}[2]", f[2], 0, AMOUNT_MAX)
            and self.rule(f"{path}[3]", f[3])
        )

    def f_gasp(self, path: str, f: Any) -> bool:
        return (
            self.shape(path, f, 3, "a Last Gasp frame [gasp, player, stage]")
            and self.player(f"{path}[1]", f[1])
            and self.choice(f"{path}[2]", f[2], GASP_STAGES_AT_REST)
        )

    def f_rose(self, path: str, f: Any) -> bool:
        return (
            self.shape(path, f, 3, "an Under the Rose frame [rose, player, stage]")
            and self.player(f"{path}[1]", f[1])
            and self.choice(f"{path}[2]", f[2], ("trim", "gasps"))
        )

    def f_gasp_play(self, path: str, f: Any) -> bool:
        return self.shape(path, f, 2, "a Last Gasp play frame") and self.player(f"{path}[1]", f[1])

    def f_gasp_return(self, path: str, f: Any) -> bool:
        return self.shape(path, f, 2, "a Last Gasp return frame") and self.player(
            f"{path}[1]", f[1]
        )

    def f_chance(self, path: str, f: Any) -> bool:
        if not self.shape(path, f, 3, "a chance frame [chance, kind, arguments]"):
            return False
        if not self.choice(f"{path}[1]", f[1], CHANCE_KINDS):
            return False
        args, at = f[2], f"{path}[2]"
        if f[1] == "event_draw":
            return self.shape(at, args, 1, "[rule]") and self.rule(f"{at}[0]", args[0])
        if f[1] in ("discard", "bury"):
            return (
                self.shape(at, args, 3, "[player, cards, rule]")
                and self.player(f"{at}[0]", args[0])
                and self.whole(f"{at}[1]", args[1], 1, AMOUNT_MAX)
                and self.rule(f"{at}[2]", args[2])
            )
        return (
            self.shape(at, args, 2, "[player, rule]")
            and self.player(f"{at}[0]", args[0])
            and self.rule(f"{at}[1]", args[1])
        )

    def f_pick(self, path: str, f: Any) -> bool:
        if not self.shape(path, f, 4, "a pick frame [pick, context, what, arguments]"):
            return False
        if not (self.ctx(f"{path}[1]", f[1]) and self.choice(f"{path}[2]", f[2], PICK_KINDS)):
            return False
        what, args, at = f[2], f[3], f"{path}[3]"
        if what in ("expend", "night_pick", "dark_pick", "peek_keep"):
            return self.shape(at, args, 0, "no arguments")
        if what == "move":
            return (
                self.shape(at, args, 3, "[mover, roads, why]")
                and self.player(f"{at}[0]", args[0])
                and self.whole(f"{at}[1]", args[1], 0, END)
                and self.choice(f"{at}[2]", args[2], ("initial", "effect"))
            )
        if what == "draw_source":
            return (
                self.shape(at, args, 2, "[player, rule]")
                and self.player(f"{at}[0]", args[0])
                and self.rule(f"{at}[1]", args[1])
            )
        if what == "wound_target":
            if not (
                self.shape(at, args, 2, "[wounds, opposition allowed]")
                and self.whole(f"{at}[0]", args[0], 0, AMOUNT_MAX)
            ):
                return False
            return isinstance(args[1], bool) or self.bad(f"{at}[1]", "true or false", args[1])
        if what in ("heal_target", "wound_split"):
            return self.shape(at, args, 1, "[amount]") and self.whole(
                f"{at}[0]", args[0], 0, AMOUNT_MAX
            )
        if what == "discard_chosen":
            return (
                self.shape(at, args, 2, "[player, cards]")
                and self.player(f"{at}[0]", args[0])
                and self.whole(f"{at}[1]", args[1], 1, AMOUNT_MAX)
            )
        if what in ("take_ally", "take_conserved"):
            return self.shape(at, args, 1, "[cards]") and self.whole(
                f"{at}[0]", args[0], 1, AMOUNT_MAX
            )
        if what == "return_ally":
            return self.shape(at, args, 1, "[player]") and self.player(f"{at}[0]", args[0])
        if what in ("remove_condition", "gasp_order"):
            return self.players(at, args, at_least=1)
        if what in ("choose_one", "bystander_choice"):
            node = self.resolve(at, args)
            ok = (
                isinstance(node, dict)
                and isinstance(node.get("options"), list)
                and all(isinstance(o, dict) and "label" in o for o in node["options"])
            )
            return ok or self.bad(at, "a reference to a card effect with options", args)
        if what in ("rose_meet", "rose_pay", "rose_pay_off", "rose_trim"):
            return self.rose_pick(what, at, args)
        return self.bad(f"{path}[2]", "a pick this engine knows", what)

    def rose_pick(self, what: str, at: str, args: Any) -> bool:
        """The arguments of Under the Rose's picks (topic 23)."""
        if what == "rose_pay_off":
            return self.shape(at, args, 0, "no arguments")
        if what in ("rose_meet", "rose_trim"):
            hi = self.sizes["actions"] - 1 if what == "rose_meet" else AMOUNT_MAX
            return self.shape(at, args, 1, "[card]" if what == "rose_meet" else "[hand size]") and (
                self.whole(f"{at}[0]", args[0], 0, hi)
            )
        if not _is_seq(args) or len(args) < 3:
            return self.bad(at, "[purpose, option, price, cards chosen ...]", args)
        return (
            self.choice(f"{at}[0]", args[0], ("redeem", "own", "other", "market"))
            and self.whole(f"{at}[1]", args[1], 0, AMOUNT_MAX)
            and self.whole(f"{at}[2]", args[2], 0, AMOUNT_MAX)
            and all(self.card(f"{at}[{i}]", c, "actions") for i, c in enumerate(args[3:], start=3))
        )


def frame_problems(game: MantisFallsGame, stack: Any) -> list[Problem]:
    """Every frame of ``stack`` that breaks the engine's grammar, as (path, expected, found).

    ``stack`` may be the saved lists or the live tuples.  Paths are relative to the
    stack (``[2][1][0]``: frame 2, its context, the player).  One problem per frame.
    """
    if not _is_seq(stack):
        return [("", "a list of frames", _short(stack))]
    checker = _Frames(game)
    for i, frame in enumerate(stack):
        checker.frame(f"[{i}]", frame)
    return checker.problems


__all__ = ["FRAME_KINDS", "frame_problems", "state_schema"]
