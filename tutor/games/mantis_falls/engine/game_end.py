"""Game end (topic 20): escape or death, who wins, and the objectives explained (topic 2)."""

from __future__ import annotations

from tutor.games.mantis_falls import gasp_flow
from tutor.games.mantis_falls.engine.data import MantisFallsData


def finish(s: MantisFallsData, how: str) -> None:
    s.stack.clear()
    s.phase = "game_over"
    s._legal = None
    n = s.game.num_players
    roles = s.roles
    witnesses = [p for p in range(n) if roles[p] == "witness"]
    assassins = [p for p in range(n) if roles[p] == "assassin"]
    dead = [p for p in range(n) if s.dead[p]]
    returns = [0] * n
    tie = False
    # With three players the 3P victory conditions apply (mf.20.7, mf.20.8).
    coop, versus = ("mf.20.4", "mf.20.5") if n == 2 else ("mf.20.7", "mf.20.8")
    if how == "escape":
        rule = coop if not assassins else versus
        winners = witnesses
        why = "the players escaped together"
    elif not assassins:
        rule, winners, why = coop, [], "a witness died, so the witnesses lose together"
    else:
        w_dead = any(p in dead for p in witnesses)
        a_dead = any(p in dead for p in assassins)
        if w_dead and a_dead:
            rule, winners, tie, why = (
                "mf.20.6",
                [],
                True,
                "a witness and the assassin both died",
            )
        elif w_dead:
            rule, winners, why = versus, assassins, "a witness died and the assassin lives"
        else:
            lives = "witness lives" if len(witnesses) == 1 else "witnesses both live"
            rule, winners, why = versus, witnesses, f"the assassin died and the {lives}"
    for p in range(n):
        returns[p] = 0 if tie else (1 if p in winners else -1)
    s.result = {
        "end": how,
        "winners": winners,
        "tie": tie,
        "dead": dead,
        "roles": list(roles),
        "returns": returns,
        "turns": s.turn_no,
        "gasps": list(s.gasps),
        "why": why,
        "rule": rule,
    }
    if s.tracing and how == "death":
        gone = " and ".join(s.name(p) for p in dead)
        s._log(
            "mf.20.2",
            f"{gone} {'is' if len(dead) == 1 else 'are'} dead and every Last "
            "Gasp that had to be made is complete: the game ends in death.",
        )
        s._log(
            gasp_flow.LAST_GASP.rule("game_over"),
            f"A dead player cannot win ({gone}), though a tie is still possible.",
        )
    if s.tracing:
        s._log(
            "mf.20.3",
            "The game is over; roles are revealed: "
            + ", ".join(
                f"{s.name(p)} was {'an' if roles[p] == 'assassin' else 'a'} {roles[p]}"
                for p in range(n)
            )
            + ".",
        )
        log_objectives(s, winners, tie)
        names = " and ".join(s.name(p) for p in winners)
        verdict = (
            "It is a tie"
            if tie
            else (f"{names} win{'s' * (len(winners) == 1)}" if winners else "Everybody loses")
        )
        s._log(rule, f"{verdict} ({why}).")


def log_objectives(s: MantisFallsData, winners: list[int], tie: bool) -> None:
    """Explain, role by role, what each player was after (topic 2) and how it went."""
    s._log(
        "mf.2.1",
        "Each player's objective came from the role dealt at setup, kept secret until now.",
    )
    if "assassin" in s.roles:
        s._log("mf.2.2", "An assassin was playing, so the game was competitive.")
    else:
        s._log(
            "mf.2.2",
            "Only witnesses were playing, so the game was cooperative: the "
            "players win or lose together.",
        )
    for p in range(s.game.num_players):
        got = "a tie" if tie else ("achieved" if p in winners else "not achieved")
        if s.roles[p] == "witness":
            s._log(
                "mf.2.3",
                f"{s.name(p)}, a witness, needed every witness to live "
                f"(all escaping alive, or an assassin dying): {got}.",
                p,
                alongside="objectives",
            )
        else:
            s._log(
                "mf.2.4",
                f"{s.name(p)}, the assassin, needed a witness to die while staying alive: {got}.",
                p,
                alongside="objectives",
            )
    if tie:
        s._log("mf.2.5", "An assassin and a witness both died: nobody wins and nobody loses.")
