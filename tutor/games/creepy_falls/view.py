"""What each player sees of a Creepy Falls game, the invariants, the saved-state schema.

Everything on the table is public in Creepy Falls (armies, tokens, Forms, Spells, the
board), so every player's view is the tutor's view with the viewer named.  The
invariants are the conservation laws the conformance suite checks after every step.
"""

from __future__ import annotations

from typing import Any

from tutor.games.creepy_falls.engine import state as st


def view(s: Any, player: int | None) -> dict[str, Any]:
    """The position as ``player`` sees it (``None``: the tutor); plain JSON."""
    g = s.game
    b = g.board
    n = s.n
    players = []
    for p in range(n):
        players.append(
            {
                "name": s.name(p),
                "army": {u.key: s.reserve[p * st.NU + u.index] for u in b.units},
                "owned": {u.key: s.owned(p, u.index) for u in b.units},
                "tokens": {k: s.tokens[p * st.NT + i] for i, k in enumerate(st_tokens())},
                "spells": [b.spells[i].name for i in range(st.NS) if s.spells[p * st.NS + i]],
                "forms": [b.forms[f].name for f in range(st.NF) if s.form_owner[f] == p],
                "starting_army": (
                    b.armies[s.army_choice[p]].name if s.army_choice[p] >= 0 else None
                ),
                "power_points": s.power_points(p),
                "passes": s.passes[p],
            }
        )
    zones = []
    for z in range(st.NZ):
        units = []
        for p in range(n):
            base = (z * n + p) * st.NU
            if s.units_in(p, z):
                units.append(
                    {
                        "player": p,
                        "units": {u.key: s.placed[base + u.index] for u in b.units},
                        "size": s.size_in(p, z),
                        "frankenstein_flipped": bool(s.frank_used[z * n + p]),
                    }
                )
        zones.append(
            {
                "number": z + 1,
                "name": b.zone_names[z],
                "units": units,
                "order": s.order[z][:],
                "neutral": s.neutral[z],
                "rat": bool(s.rats[z]),
                "van_helsing": s.vh_zone == z,
            }
        )
    out = s.outcome()
    decision = s.decision
    return {
        "viewer": player,
        "round": s.round_no,
        "phase": st.PHASE_KEYS[s.phase],
        "first_player": s.first,
        "deciding": decision.player,
        "prompt": decision.prompt,
        "players": players,
        "zones": zones,
        "castle": {k: s.castle[i] for i, k in enumerate(st_tokens()[2:])},
        "swamp": {k: s.swamp[i] for i, k in enumerate(st_tokens()[2:])},
        "van_helsing": b.zone_names[s.vh_zone],
        "rat_owner": s.rat_owner,
        "resolving": b.zone_names[s.res_zone]
        if s.phase == st.PH_RESOLVE and s.res_zone < st.NZ
        else None,
        "illustrative": b.illustrative,
        "outcome": None if out is None else out.to_dict(),
    }


def st_tokens() -> tuple[str, ...]:
    """Token keys in index order."""
    from tutor.games.creepy_falls.data import TOKENS

    return TOKENS


def invariants(s: Any, before: Any = None) -> list[str]:
    """Every conservation law the state breaks (empty when all hold)."""
    g = s.game
    n = s.n
    problems: list[str] = []
    for p in range(n):
        for t in range(st.NU):
            if s.reserve[p * st.NU + t] < 0:
                problems.append(f"{s.name(p)} has a negative number of unit type {t} off the board")
            owned = s.owned(p, t)
            if owned > g.limits[t]:
                problems.append(
                    f"{s.name(p)} owns {owned} of unit type {t}, more than the {g.limits[t]} pieces"
                )
        for k in range(st.NT):
            if s.tokens[p * st.NT + k] < 0:
                problems.append(f"{s.name(p)} has a negative number of token type {k}")
    if any(x < 0 for x in s.placed):
        problems.append("a negative number of units is placed")
    for z in range(st.NZ):
        if not 0 <= s.neutral[z] <= 3:
            problems.append(f"zone {z + 1} holds {s.neutral[z]} neutral Ghouls")
        if n != 2 and s.neutral[z]:
            problems.append("neutral Ghouls outside a two-player game")
        if len(set(s.order[z])) != len(s.order[z]):
            problems.append(f"a player is listed twice in zone {z + 1}'s placement order")
        for p in range(n):
            if s.units_in(p, z) and not s.been[z * n + p]:
                problems.append(
                    f"{s.name(p)} has units in zone {z + 1} without having placed there"
                )
    pool, _ = g.round_pool
    for i in range(3):
        if s.castle[i] < 0 or s.swamp[i] < 0 or s.castle[i] + s.swamp[i] > pool[i]:
            problems.append("the Castle and the Swamp hold more round tokens than were drawn")
    owners = [o for o in s.form_owner if o >= 0]
    if any(not 0 <= o < n for o in owners):
        problems.append("a Form is held by someone who is not a player")
    if n == 2 and s.form_owner[st.SWARM_OF_RATS] >= 0:
        problems.append("the Swarm of Rats is in play in a two-player game")
    if sum(s.rats) > g.rat_markers:
        problems.append("more Rat markers on the board than exist")
    if not 1 <= s.round_no <= st.ROUNDS:
        problems.append(f"round {s.round_no} does not exist")
    if before is not None and s.round_no < before.round_no:
        problems.append("the round number went back")
    return problems


def state_schema(game: Any) -> dict[str, Any]:
    """The JSON Schema of a saved state of ``game`` (its player count fixes list lengths)."""
    probe = st.CreepyFallsState(game, game_rng(), False)
    whole = {"type": "integer", "minimum": -1, "maximum": 10_000}
    props: dict[str, Any] = {
        "game": {"const": "creepy_falls"},
        "rng": {"type": "integer", "minimum": 0},
        "tracing": {"type": "boolean"},
        "trace": {"type": "array"},
        "order": {
            "type": "array",
            "minItems": st.NZ,
            "maxItems": st.NZ,
            "items": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": game.num_players - 1},
            },
        },
        "ranking": {"type": "array", "items": {"type": "integer", "minimum": -1, "maximum": 4}},
        "present": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 4}},
        "dues": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [
                    {"type": "integer", "minimum": 0, "maximum": game.num_players - 1},
                    {"type": "string"},
                ],
                "minItems": 2,
                "maxItems": 2,
            },
        },
        "pp_history": {
            "type": "array",
            "maxItems": st.ROUNDS,
            "items": {"type": "array", "items": whole},
        },
        "result": {"type": "array", "items": whole},
    }
    for name in st.SCALARS:
        props[name] = whole
    props["phase"] = {"type": "integer", "minimum": 0, "maximum": st.PH_OVER}
    props["round_no"] = {"type": "integer", "minimum": 1, "maximum": st.ROUNDS}
    for name, size in probe.list_sizes().items():
        props[name] = {"type": "array", "minItems": size, "maxItems": size, "items": whole}
    return {
        "type": "object",
        "required": sorted(props),
        "additionalProperties": False,
        "properties": props,
    }


def game_rng() -> Any:
    """A throwaway generator for building a probe state."""
    from tutor.core.rng import Rng

    return Rng(0)
