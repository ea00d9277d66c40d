"""A position of any game as a room's question, and what the engine says about it.

Why this exists: the host picks a position (a teaching scenario, a seeded new game, or
the game the room is playing), and every learner must see it as the player who decides
sees it, and choose among that player's legal choices.  After the answers, the room
hears what the engine says: the rule that asks for the decision, the odds of each
choice where the game's odds module offers them, and what each of the game's bots
would choose.  Everything goes through the game's spec and the game-agnostic State
API, so every game works, toy games included.

The odds come from :func:`tutor.analysis.odds.choice_odds`: the game's exact odds where
its ``odds`` module has them for this decision, else each choice's chance to win
estimated by play-outs from worlds dealt from the deciding player's view (never from
cards that player cannot see), within a time budget.  With many choices, only those
the room picked and the bots' choices are estimated.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tutor.analysis.odds import Progress, choice_odds
from tutor.analysis.policies import policies_for
from tutor.core.errors import SessionFileError
from tutor.core.game import load_game
from tutor.core.rng import Rng
from tutor.core.scenario import load_scenario, read_scenario
from tutor.core.session import Session
from tutor.core.spec import spec_for
from tutor.core.teaching import load_teaching_scenario, teaching_scenarios
from tutor.core.userdata import user_data_dir
from tutor.render.html import rule_citation, trace_html
from tutor.render.picture import picture_html
from tutor.workshop.store import QuestionDraft

RECENT = 6
"""How many of the latest trace lines the deciding player may read go with the picture."""
BOT_SEED = 2024
"""The seed the bots decide with at a reveal (the same position, the same choices)."""
NEW_GAME = "<new game>"
"""The position source meaning "a new game from a seed" (no scenario file has this name)."""
SAVED = "saved:"
"""The prefix of a position source that is a scenario file the user saved (a path)."""


def saved_scenarios(game: str) -> list[tuple[str, Path]]:
    """The scenario files of ``game`` the user saved (the what-if explorer's *Save*).

    They are the ``*.yaml`` files under ``<user folder>/scenarios/`` whose ``game`` is
    this one, as ``(title, path)``; files that are not scenarios are left out here (they
    are the what-if explorer's to report).
    """
    folder = user_data_dir() / "scenarios"
    found = []
    for path in sorted(folder.rglob("*.yaml")) if folder.is_dir() else ():
        try:
            data = read_scenario(path)
        except SessionFileError:
            continue
        if data["game"] == game:
            found.append((str(data.get("title") or path.stem), path))
    return found


def position_sources(game: str) -> list[tuple[str, str]]:
    """Where a host can take a position of ``game`` from: ``[(label, source), ...]``.

    A new seeded game first (source :data:`NEW_GAME`), then each teaching scenario
    (source: its name), then the scenarios the user saved (source: :data:`SAVED` and
    the file's path).

    Raises:
        UnknownGameError: if no game has that name.
        SessionFileError: if a teaching scenario of the game is broken.
    """
    found = [("A new game (from the seed)", NEW_GAME)]
    found += [(s.title, s.name) for s in teaching_scenarios(game)]
    found += [(f"Saved: {title}", f"{SAVED}{path}") for title, path in saved_scenarios(game)]
    return found


def start_session(game: str, source: str = NEW_GAME, seed: int = 0) -> Session:
    """A Session at the first decision of a new seeded game or of a teaching scenario.

    Args:
        game: the game's name.
        source: :data:`NEW_GAME`, the name of one of the game's teaching scenarios, or
            :data:`SAVED` and the path of a scenario file of the game.
        seed: the new game's seed.

    Raises:
        UnknownGameError: if no game has that name.
        SessionFileError: if there is no such teaching scenario, or the scenario cannot
            be read or played, or is one of another game.
    """
    if source == NEW_GAME:
        session = Session(load_game(game).new_state(seed))
    elif source.startswith(SAVED):
        path = source[len(SAVED) :]
        session = load_scenario(path)
        if session.game.name != game:
            raise SessionFileError(path, f"is a scenario for {session.game.name!r}, not {game!r}")
    else:
        session = load_teaching_scenario(game, source)
    session.run_to_decision()
    return session


def source_title(game: str, source: str, seed: int) -> str:
    """Where a position comes from, in words (the question's title).

    Raises:
        UnknownGameError: if no game has that name.
    """
    title = spec_for(game).title
    if source == NEW_GAME:
        return f"{title}, a new game (seed {seed})"
    for label, name in position_sources(game):
        if name == source:
            return f"{title}: {label}"
    return f"{title}: {source}"


def _label(action: Any) -> str:
    return str(action.label or action)


def draft_question(session: Session, title: str) -> QuestionDraft | None:
    """The session's current position as a question for the player who decides.

    Chance steps and forced choices are taken first (the session's own settings).

    Args:
        session: the game; it is advanced to its next real decision.
        title: where the position comes from.

    Returns:
        The draft, or ``None`` when the game is over.
    """
    session.run_to_decision()
    state = session.state
    decision = state.decision
    if decision.kind != "choice" or decision.player is None:
        return None
    player = decision.player
    game = state.game
    view = state.view(player)
    shown = state.decision_for(player)
    recent = trace_html(state.trace[-RECENT:], game.rulebook, player)
    picture = (
        '<div class="tutor-room-position">'
        + picture_html(view, game)
        + '<div class="tutor-room-recent">'
        + recent
        + "</div></div>"
    )
    return QuestionDraft(
        game=game.name,
        title=title,
        player=state.player_names()[player],
        prompt=shown.prompt,
        picture=picture,
        choices=tuple(_label(a) for a in state.choices_for(player)),
    )


ODDS_SECONDS = 3.0
"""The time budget of the reveal's estimated odds (no new play-out round after it)."""
ODDS_ALL = 12
"""Up to this many choices all get odds; with more, the room's picks and the bots'."""


def _odds_labels(
    choices: list[str], counts: tuple[int, ...] | None, bots: list[dict[str, Any]]
) -> list[str] | None:
    """The choices whose odds the reveal shows (``None``: every one)."""
    if len(choices) <= ODDS_ALL:
        return None
    picked = {c for i, c in enumerate(choices) if counts and i < len(counts) and counts[i]}
    picked |= {str(b["choice"]) for b in bots}
    return [c for c in choices if c in picked]


def engine_says(
    session: Session,
    bots: int | None = None,
    counts: tuple[int, ...] | None = None,
    odds_seconds: float | None = ODDS_SECONDS,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """What the engine says about the session's current decision (the room's reveal).

    Args:
        session: the game, at a decision (see :func:`draft_question`).
        bots: at most this many of the game's bots are asked (``None``: every one but
            the random bot).
        counts: the room's answers per choice (with many choices, the picked ones get
            odds).
        odds_seconds: the estimated odds' time budget (``None``: every round; the same
            odds every time).
        progress: hears the estimate's progress, ``progress(rounds done, rounds)``.

    Returns:
        ``{"rule": {"id", "citation", "summary"}, "odds": ChoiceOdds.to_dict() or
        None, "bots": [{"bot", "description", "choice"}, ...]}``; plain JSON data.

    Raises:
        ValueError: if nobody is deciding at this position.
    """
    state = session.state
    decision = state.decision
    if decision.kind != "choice" or decision.player is None:
        raise ValueError("the engine has nothing to say: nobody decides at this position")
    game = state.game
    citation, summary = rule_citation(game.rulebook, decision.rule)
    legal = state.legal_actions()
    chosen = []
    factories = [(n, f) for n, f in policies_for(game.name).items() if n != "random"]
    for name, factory in factories[:bots] if bots is not None else factories:
        policy = factory()
        action = policy(state.clone(), legal, Rng(BOT_SEED))
        chosen.append(
            {
                "bot": name,
                "description": str(getattr(policy, "description", "")),
                "choice": _label(action),
            }
        )
    labels = _odds_labels([_label(a) for a in legal], counts, chosen)
    odds = choice_odds(state, labels, seconds=odds_seconds, seed=BOT_SEED, progress=progress)
    return {
        "rule": {"id": decision.rule, "citation": citation, "summary": summary},
        "odds": None if odds is None else odds.to_dict(),
        "bots": chosen,
    }


def play_on(session: Session, choice: str) -> None:
    """Play ``choice`` (a label of the current decision), then on to the next decision.

    Raises:
        IllegalActionError: if the choice is not legal now (nothing changes).
    """
    session.play(choice)
    session.run_to_decision()


def choice_to_play(says: dict[str, Any], counts: tuple[int, ...], choices: tuple[str, ...]) -> str:
    """The choice the game goes on with: the first bot's, else the room's favourite.

    Args:
        says: :func:`engine_says`'s result.
        counts: the room's answers per choice.
        choices: the question's choices.
    """
    if says.get("bots"):
        return str(says["bots"][0]["choice"])
    best = max(range(len(choices)), key=lambda i: (counts[i] if i < len(counts) else 0, -i))
    return choices[best]


__all__ = [
    "NEW_GAME",
    "SAVED",
    "QuestionDraft",
    "choice_to_play",
    "draft_question",
    "engine_says",
    "play_on",
    "position_sources",
    "saved_scenarios",
    "source_title",
    "start_session",
]
