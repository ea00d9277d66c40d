"""The what-if explorer: edit a position, branch it, play both branches, compare, save.

A learner asks "what if I held that card?" or "what if I had played it a turn
earlier?".  The explorer answers with real games:

* an editor fills ipywidgets controls from a position (the game's own editor, named
  by its spec's ``editor`` hook, else a YAML box for the ``setup`` keys); **Apply**
  turns the controls into the game's documented scenario ``setup`` keys and builds a
  fresh state with ``game.apply_setup`` — the widget never writes state fields, so an
  edit the rules forbid comes back as the engine's ``ScenarioError`` (shown, naming the
  key) and the position on screen stays as it was;
* two :class:`~tutor.widgets.player.TutorialPlayer` panes, one above the other so each
  board is drawn at full width: the main game (A) and a branch (B) taken from any step
  of A's history with ``Session.branch``;
* **Compare** shows :func:`tutor.analysis.compare.compare_states` of what the two panes
  show (each session's ``shown_state``: entries not yet revealed are not given away),
  in the game's words (its ``compare_rows`` hook, else a diff of the two views);
* **Save** / **Load** write and read scenario files (YAML: game, options, seed, setup,
  play) through :mod:`tutor.core.scenario`; a broken file shows its
  ``SessionFileError`` and changes nothing.

Every part is an attribute holding a widget,
so tests drive the explorer headlessly through ``.value`` and ``button.click()``.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Protocol

import ipywidgets as w
import yaml

from tutor.analysis.compare import Comparison, compare_states
from tutor.core.errors import ScenarioError, SessionFileError, TutorError
from tutor.core.game import Game
from tutor.core.scenario import (
    build_scenario,
    read_scenario,
    save_scenario,
    scenario_from_session,
)
from tutor.core.session import Session
from tutor.core.types import CHANCE
from tutor.core.userdata import user_data_dir, user_path
from tutor.core.validation import parse_yaml
from tutor.render.compare import comparison_html
from tutor.widgets.player import TutorialPlayer


class PositionEditor(Protocol):
    """What the explorer needs from a game's position editor."""

    widget: w.Widget

    def load(self, view: dict[str, Any], setup: dict[str, Any], *, from_play: bool = False) -> None:
        """Fill the controls from an omniscient view and the scenario setup behind it."""

    def setup(self, base: dict[str, Any]) -> dict[str, Any]:
        """Return ``base`` with the controls' values written as scenario setup keys.

        Raises:
            ScenarioError: if a control holds something that cannot be a setup value.
        """


# ------------------------------------------------------------------------------- editors
class YamlSetupEditor:
    """A text box holding a scenario's ``setup`` keys as YAML (games without an editor)."""

    def __init__(self, game: Game, view: dict[str, Any]) -> None:
        self.text = w.Textarea(description="setup", layout=w.Layout(width="95%", height="160px"))
        self.widget = self.text

    def load(self, view: dict[str, Any], setup: dict[str, Any], *, from_play: bool = False) -> None:
        """Show the setup mapping as YAML (a position reached in play has no text form)."""
        self.text.value = yaml.safe_dump(setup, sort_keys=False) if setup else ""

    def setup(self, base: dict[str, Any]) -> dict[str, Any]:
        """Parse the text box.

        Raises:
            ScenarioError: if the text is not YAML or not a mapping.
        """
        data = parse_yaml(self.text.value, "setup", _setup_text_error) or {}
        if not isinstance(data, dict):
            raise ScenarioError("setup", "expected a mapping of setup keys")
        return data


def _setup_text_error(file: str, where: str, expected: str, found: str) -> ScenarioError:
    return ScenarioError(f"setup ({where})", f"expected {expected}, found {found}", expected, found)


def editor_for(game: Game, view: dict[str, Any]) -> PositionEditor:
    """Build the position editor of a game: its spec's ``editor`` hook, else a YAML box."""
    cls = game.spec.hook("editor") or YamlSetupEditor
    editor: PositionEditor = cls(game, view)
    return editor


# ------------------------------------------------------------------------------- explorer
def _button(description: str, tooltip: str, icon: str = "", **kw: Any) -> w.Button:
    return w.Button(
        description=description, tooltip=tooltip, icon=icon, layout=w.Layout(width="auto"), **kw
    )


class WhatIfExplorer(w.VBox):
    """Edit a position, branch it, play both branches and compare them.

    Args:
        game_name: a registered game (needed unless ``scenario`` names its own game).
        seed: the seed of the normal setup that the edits are applied on.
        scenario: ``None`` (a fresh seeded game), a path to a scenario file, or a
            scenario mapping (``game``, ``options``, ``seed``, ``setup``, ``play``).
        **options: game options for ``tutor.load_game`` (without a scenario).

    Raises:
        SessionFileError: if the scenario cannot be read or built.
        UnknownGameError: if the game is not registered.
        OptionError: if an option is invalid.
        ValueError: if neither ``game_name`` nor ``scenario`` says which game.
    """

    def __init__(
        self,
        game_name: str | None = None,
        seed: int = 0,
        scenario: str | Path | dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if scenario is None:
            if game_name is None:
                raise ValueError("say which game to explore: a game name or a scenario")
            data: dict[str, Any] = {"game": game_name, "seed": seed, "setup": {}}
            if options:
                data["options"] = options
        elif isinstance(scenario, dict):
            data = dict(scenario)
        else:
            data = read_scenario(scenario)
        source = str(scenario) if isinstance(scenario, str | Path) else "<scenario>"
        session = build_scenario(data, source)

        self.error = w.HTML()
        self.status = w.HTML()
        self.comparison = w.HTML()
        self.last_comparison: Comparison | None = None

        # Editing.
        self.seed_input = w.IntText(description="Seed", layout=w.Layout(width="160px"))
        self.apply_button = _button(
            "Apply", "Start a fresh game from the edited position", "check", button_style="primary"
        )
        self.copy_button = _button(
            "Edit the shown position",
            "Fill the editor from the position on screen in pane A",
            "pencil",
        )
        self.editor_box = w.VBox()
        # Branching.
        self.branch_at = w.BoundedIntText(
            min=0, max=0, description="Branch at step", style={"description_width": "initial"}
        )
        self.branch_label = w.HTML()
        self.branch_button = _button(
            "Branch", "Open pane B from A at the chosen step", "code-branch"
        )
        self.compare_button = _button("Compare", "Compare where A and B stand", "balance-scale")
        # Files.
        # A bare name is kept in the user's own scenarios folder (tutor.core.userdata),
        # never in the checkout a workshop server shares; an absolute path is used as is.
        self.path_input = w.Text(
            value="whatif.yaml",
            description="File",
            tooltip=f"A name inside {user_data_dir() / 'scenarios'}, or a full path",
        )
        self.save_which = w.ToggleButtons(options=["A", "B"], description="Save")
        self.save_button = _button("Save", "Save the chosen pane as a scenario file", "save")
        self.load_button = _button("Load", "Load a scenario file into pane A", "folder-open")

        self.apply_button.on_click(lambda _: self.apply())
        self.copy_button.on_click(lambda _: self.edit_shown_position())
        self.branch_button.on_click(lambda _: self.branch())
        self.compare_button.on_click(lambda _: self.compare())
        self.save_button.on_click(lambda _: self.save())
        self.load_button.on_click(lambda _: self.load())
        self.branch_at.observe(lambda _: self._describe_branch_point(), names="value")

        # The panes are stacked, each as wide as the notebook: side by side, two boards
        # shrink to half a page and their text becomes too small to read.
        self.pane_a = w.VBox(layout=w.Layout(width="100%"))
        self.pane_b = w.VBox(layout=w.Layout(width="100%", margin="12px 0 0 0"))
        self.pane_a.add_class("tutor-pane-a")
        self.pane_b.add_class("tutor-pane-b")
        self.player_a: TutorialPlayer | None = None
        self.player_b: TutorialPlayer | None = None
        self.game: Game = session.game
        self.editor: PositionEditor | None = None
        self.scenario: dict[str, Any] = {}
        self._origin: dict[str, tuple[int, dict[str, Any]]] = {}

        edit = w.VBox(
            [
                self.editor_box,
                w.HBox([self.seed_input, self.apply_button, self.copy_button]),
            ]
        )
        branch = w.HBox(
            [self.branch_at, self.branch_label, self.branch_button, self.compare_button],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        files = w.HBox(
            [self.path_input, self.save_which, self.save_button, self.load_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        editor_panel = w.Accordion(children=[edit, files])
        editor_panel.set_title(0, "Edit the position")
        editor_panel.set_title(1, "Scenario files")
        editor_panel.selected_index = 0
        self.children = (
            editor_panel,
            self.error,
            self.status,
            branch,
            self.comparison,
            w.VBox([self.pane_a, self.pane_b], layout=w.Layout(width="100%")),
        )
        self._install(data, session)

    # ------------------------------------------------------------------ reading
    @property
    def session(self) -> Session:
        """Pane A's session (the main game)."""
        assert self.player_a is not None
        return self.player_a.session

    @property
    def branch_session(self) -> Session | None:
        """Pane B's session, or ``None`` before the first branch."""
        return self.player_b.session if self.player_b is not None else None

    def scenario_of(self, pane: str = "A") -> dict[str, Any]:
        """The scenario mapping that replays a pane: its start position plus its decisions.

        Raises:
            ScenarioError: if the pane cannot be written as a scenario (see
                :func:`tutor.core.scenario.scenario_from_session`), or pane B is empty.
        """
        player = self.player_a if pane == "A" else self.player_b
        if player is None:
            raise ScenarioError("play", f"pane {pane} is empty: branch first")
        seed, setup = self._origin[pane]
        return scenario_from_session(player.session, setup, seed, title=self.scenario.get("title"))

    # ------------------------------------------------------------------ building
    def _install(self, data: dict[str, Any], session: Session) -> None:
        """Make ``session`` pane A's game, built from scenario ``data``; clear pane B."""
        seed = int(data.get("seed", 0))
        setup = dict(data.get("setup") or {})
        game = session.game
        if self.editor is None or (game.name, game.options) != (self.game.name, self.game.options):
            # Another game, or other options (names, a card deck): new controls.
            self.editor = editor_for(session.game, session.state.view(None))
            self.editor_box.children = (self.editor.widget,)
        self.game = session.game
        self.scenario = {k: v for k, v in data.items() if k != "play"}
        self.scenario.update(game=session.game.name, seed=seed, setup=setup)
        self._origin = {"A": (seed, setup)}
        old = self.player_a
        self.player_a = self._player(session, seed, "A")
        self.pane_a.children = (w.HTML("<h4 style='margin:2px'>A · main game</h4>"), self.player_a)
        if old is not None:
            old.close()
        self._clear_b()
        self.seed_input.value = seed
        # The start position: the state before the first step of the history.
        self.editor.load(session.branch(0).state.view(None), setup)
        self._on_main_change()

    def _player(self, session: Session, seed: int, pane: str) -> TutorialPlayer:
        player = TutorialPlayer(session, seed=seed)
        session.subscribe(lambda s, event: self._on_session(pane, player, event))
        return player

    def _clear_b(self) -> None:
        if self.player_b is not None:
            self.player_b.close()
        self.player_b = None
        self._origin.pop("B", None)
        self.pane_b.children = (
            w.HTML("<h4 style='margin:2px'>B · branch</h4><i>Press Branch to open one.</i>"),
        )
        self.comparison.value = ""
        self.last_comparison = None

    def _on_session(self, pane: str, player: TutorialPlayer, event: str) -> None:
        if event == "restart":
            # The pane's Restart deals a new game from its seed box: no setup any more.
            self._origin[pane] = (int(player.seed_input.value), {})
        if pane == "A" and player is self.player_a:
            self._on_main_change()

    def _on_main_change(self) -> None:
        n = len(self.session.history)
        at_end = self.branch_at.value >= self.branch_at.max
        self.branch_at.max = n
        if at_end or self.branch_at.value > n:
            self.branch_at.value = n
        self._describe_branch_point()

    def _describe_branch_point(self) -> None:
        history = self.session.history
        at = int(self.branch_at.value)
        if at >= len(history):
            text = f"now (after all {len(history)} steps)"
        else:
            action = history[at]
            kind = "chance" if action.player == CHANCE else "choice"
            text = f"before step {at}: {action.label} ({kind})"
        self.branch_label.value = f"<span style='font-size:12px'>{escape(text)}</span>"

    def _show_error(self, message: str) -> None:
        self.error.value = (
            "<div class='tutor-error' style='color:#b00020;font-weight:bold'>"
            f"{escape(message)}</div>"
        )
        self.status.value = ""

    def _show_status(self, message: str) -> None:
        self.error.value = ""
        self.status.value = f"<div style='color:#1b5e20'>{escape(message)}</div>"

    # ------------------------------------------------------------------ actions
    def apply(self) -> bool:
        """Start a fresh game from the edited position (the scenario's plays are dropped).

        Returns:
            True when the edit was applied; False when the engine refused it (the error
            label names the setup key and the position on screen is unchanged).
        """
        assert self.editor is not None
        try:
            setup = self.editor.setup(dict(self.scenario.get("setup") or {}))
            seed = int(self.seed_input.value)
            state = self.game.new_state(seed=seed)
            self.game.apply_setup(state, setup)
        except ScenarioError as exc:
            self._show_error(f"Cannot apply: {exc.where}: {exc.problem}")
            return False
        except TutorError as exc:
            self._show_error(f"Cannot apply: {exc}")
            return False
        data = dict(self.scenario, seed=seed, setup=setup)
        self._install(data, Session(state))
        self._show_status("Applied: a fresh game starts from the edited position.")
        return True

    def edit_shown_position(self) -> None:
        """Fill the editor from the position shown in pane A (press Apply to start there).

        What is carried over is the game's editor's to say (its ``load`` with
        ``from_play=True``); the YAML editor shows the scenario's setup keys.
        """
        assert self.editor is not None
        self.editor.load(
            self.session.shown_state.view(None), self.scenario.get("setup") or {}, from_play=True
        )
        self._show_status("The editor now holds the position on screen in pane A.")

    def branch(self, at: int | None = None) -> Session:
        """Open pane B as a branch of A from before history step ``at`` (default: the box).

        Returns:
            The branch's session.

        Raises:
            IndexError: if ``at`` is outside A's history.
        """
        step = int(self.branch_at.value) if at is None else at
        session = self.session.branch(step)
        self._clear_b()
        self._origin["B"] = self._origin["A"]
        self.player_b = self._player(session, self._origin["A"][0], "B")
        self.pane_b.children = (
            w.HTML(f"<h4 style='margin:2px'>B · branch from step {step}</h4>"),
            self.player_b,
        )
        self._show_status(f"Pane B branches from A at step {step}; play either side.")
        return session

    def compare(self) -> Comparison | None:
        """Compare the positions panes A and B show (see ``tutor.analysis.compare``).

        Each pane is compared as it is on screen: its session's ``shown_state``, so
        steps a pane has not revealed yet are not given away by the table.

        Returns:
            The comparison, or ``None`` when there is no branch yet.
        """
        other = self.branch_session
        if other is None:
            self._show_error("Nothing to compare yet: press Branch first.")
            return None
        result = compare_states(self.session.shown_state, other.shown_state, ("A", "B"))
        self.last_comparison = result
        self.comparison.value = comparison_html(result)
        self.error.value = ""
        return result

    def save(self, path: str | Path | None = None, pane: str | None = None) -> bool:
        """Save a pane (default: the toggle) as a scenario file (default: the path box).

        Returns:
            True when saved; False when not (the error label says why).
        """
        which = pane or str(self.save_which.value)
        try:
            target = user_path("scenarios", path if path is not None else self.path_input.value)
            save_scenario(self.scenario_of(which), target)
        except (ScenarioError, SessionFileError, ValueError, OSError) as exc:
            self._show_error(f"Cannot save: {exc}")
            return False
        self._show_status(f"Saved pane {which} to {target}.")
        return True

    def load(self, path: str | Path | None = None) -> bool:
        """Load a scenario file into pane A (default: the path box).

        Returns:
            True when loaded; False when the file is broken (the error label shows the
            ``SessionFileError`` message and nothing changes).
        """
        try:
            source = user_path("scenarios", path if path is not None else self.path_input.value)
            data = read_scenario(source)
            session = build_scenario(data, str(source))
        except (SessionFileError, ValueError, OSError) as exc:
            self._show_error(f"Cannot load: {exc}")
            return False
        self._install(data, session)
        self._show_status(f"Loaded {source}.")
        return True

    def close(self) -> None:
        """Close both panes and the explorer."""
        # getattr: an explorer whose __init__ raised (no game named) is closed too, when
        # it is garbage-collected, before it had panes.
        for player in (getattr(self, "player_a", None), getattr(self, "player_b", None)):
            if player is not None:
                player.close()
        super().close()


def explore(
    game_name: str | None = None,
    seed: int = 0,
    scenario: str | Path | dict[str, Any] | None = None,
    **options: Any,
) -> WhatIfExplorer:
    """Return a :class:`WhatIfExplorer` (a shortcut for notebooks).

    Raises:
        SessionFileError: if the scenario cannot be read or built.
        ValueError: if neither ``game_name`` nor ``scenario`` says which game.
    """
    return WhatIfExplorer(game_name, seed, scenario, **options)


__all__ = [
    "PositionEditor",
    "WhatIfExplorer",
    "YamlSetupEditor",
    "editor_for",
    "explore",
]
