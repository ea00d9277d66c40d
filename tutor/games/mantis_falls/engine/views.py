"""Views: the game as one player may see it (hidden roles, hands, unseen events)."""

from __future__ import annotations

from typing import Any

from tutor.core.visibility import decision_record
from tutor.games.mantis_falls.engine import choices
from tutor.games.mantis_falls.engine.data import END, START, MantisFallsData
from tutor.games.mantis_falls.engine.frames import P_ROSE_PAY, Pick


def view(s: MantisFallsData, player: int | None) -> dict[str, Any]:
    omni = player is None
    outcome = s.outcome()
    over = outcome is not None
    n = s.game.num_players
    # A face-down character (Full Circle) is seen by its owner only (ruling
    # character_owner_looks) until it is turned up, and by everyone at the end.
    owner_looks = not s.game.full_circle or s._ruling("character_owner_looks") == "owner_looks"
    players = []
    for p in range(n):
        mine = omni or p == player
        known = s.character_shown[p] or over or omni or (p == player and owner_looks)
        character = s.cards.character_cards[s.characters[p]]
        hidden_play = s.plays[p][s.revealed[p] :]
        players.append(
            {
                "name": s.name(p),
                "position": s.pos[p],
                "road": s._pos_name(s.pos[p]),
                "wounds": s.wounds[p],
                "max_wounds": s.max_wounds[p] if known else None,
                "character": character.name if known else None,
                "character_face_down": not s.character_shown[p],
                "gasps": s.gasps[p],
                "dead": s.dead[p],
                "role": s.roles[p] if (mine or over) else None,
                "hand": sorted(s.card_name(c) for c in s.hands[p]) if mine else None,
                "hand_count": len(s.hands[p]),
                "conditions": [s.card_name(c) for c in s.conditions[p]],
                "allies_complete": s.complete_allies(p),
                "allies_incomplete": (
                    sorted(
                        s.cards.allies[a].name
                        for a in s.allies[p]
                        if s.cards.allies[a].name not in s.complete_allies(p)
                    )
                    if mine
                    else None
                ),
                "ally_cards": len(s.allies[p]),
                "action_play": [s.card_name(c) for c in s.plays[p][: s.revealed[p]]]
                + (
                    [s.card_name(c) for c in hidden_play]
                    if mine
                    else ["(face down)"] * len(hidden_play)
                ),
                "action_play_revealed": s.revealed[p],
            }
        )
    if s.game.under_the_rose:
        for p in range(n):
            players[p]["agent"] = agent_view(s, p, omni or p == player)
    roads = []
    for q in range(END + 1):
        road = s.road(q)
        up = q in (START, END) or s.face_up[q]
        info: dict[str, Any] = {"position": q, "region": road.region, "face_up": up}
        if up or omni:
            info.update(
                name=road.name,
                stoplight=[road.green, road.yellow, road.red],
                phone=road.phone,
                bus_stop=road.bus_stop,
                ambush=road.ambush,
                broken=road.broken,
            )
        roads.append(info)
    event: dict[str, Any] | None = None
    if s.event >= 0:
        card = s.cards.events[s.event]
        visible = omni or s.event_visible_to_all() or player == s.turn_player
        if visible:
            event = {
                "seen": card.seen,
                "prevented": s.event_prevented,
                "opposition_wounds": s.opp_wounds,
                "name": card.name,
                "kind": card.kind,
                "health": card.health,
                "id": card.id,
            }
        else:
            # Only the card back (ruling unseen_event_view): wounds dealt to it would
            # say it is an opposition, and "prevented" can follow from a card that
            # prevents only one kind (Barricade), so neither is shown.
            event = {"seen": card.seen}
    top_event = None
    if s.event_top and (omni or player in s.event_top_known):
        top_event = s.cards.events[s.event_top[0]].name
    gasp = None
    if s.in_gasp >= 0:
        g = s.in_gasp
        mine = omni or g == player
        gasp = {
            "player": g,
            "cards": [s.card_name(c) for c in s.gasp_play[: s.gasp_revealed]]
            + (
                [s.card_name(c) for c in s.gasp_play[s.gasp_revealed :]]
                if mine
                else ["(face down)"] * (len(s.gasp_play) - s.gasp_revealed)
            ),
        }
    d = choices.decision(s)
    seats: dict[str, Any] = {}
    if n > 2:
        # Who faces this turn and who stands by (mf.7.2, mf.7.3): public knowledge.
        seats = {"active_players": sorted(s._both()), "bystander": s.bystander}
    return {
        **seats,
        "game": "mantis_falls",
        "modules": list(s.game.modules),
        "viewer": player,
        "turn": s.turn_no,
        "turn_player": s.turn_player,
        "phase": d.phase,
        "decision": decision_record(d, player),
        "players": players,
        "roads": roads,
        "event": event,
        "event_top": top_event,
        "conserved": [s.card_name(c) for c in s.conserved],
        "piles": {
            "action_draw": len(s.action_pile) + len(s.action_top),
            "action_discard": len(s.action_discard),
            "event_draw": len(s.event_pile) + len(s.event_top) + len(s.event_bottom),
            "event_discard": len(s.event_discard),
            "ally_deck": len(s.ally_deck),
            "actions_by_the_night": len(s.night),
            "actions_by_the_dark": len(s.dark),
        },
        "removed_role": s.removed_role if omni else None,  # ruling removed_role_stays_hidden
        "last_gasp": gasp,
        "gasp_due": list(s.gasp_due),
        "outcome": None if outcome is None else outcome.to_dict(),
        "trace": s.trace_for(player),
    }


def agent_view(s: MantisFallsData, p: int, mine: bool) -> dict[str, Any] | None:
    """Player ``p``'s agent under the rose (topic 23): face up for all, buried cards for
    their owner only (the others see how many there are)."""
    rose = s.game.rose
    h, k = s.agent_horizon[p], s.agent_sky[p]
    if rose is None or h < 0:
        return {"paid_off": True, "buried_count": 0, "buried": [] if mine else None}
    horizon, sky = rose.horizons[h], rose.skies[k]
    return {
        "paid_off": False,
        "name": rose.agent_name(h, k),
        "horizon": horizon.id,
        "sky": sky.id,
        "dots": horizon.dots,
        "weakness": horizon.weakness["label"],
        "meet": [[suit, nth] for suit, nth in horizon.meet],
        "bury": sky.bury,
        "redeem": [[o["label"], int(o["cost"])] for o in sky.redeem],
        "pay_off": [sky.pay_own, sky.pay_other],
        "buried_count": len(s.buried[p]),
        "buried": sorted(s.card_name(c) for c in s.buried[p]) if mine else None,
        # The buried cards chosen so far in a payment the player is making (their own).
        "paying": _paying(s, p) if mine else None,
    }


def _paying(s: MantisFallsData, p: int) -> list[str]:
    top = s.stack[-1] if s.stack else None
    if isinstance(top, Pick) and top.pick == P_ROSE_PAY and top.ctx[0] == p:
        return [s.card_name(c) for c in top.args[3:]]
    return []
