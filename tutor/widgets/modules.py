"""Module toggles: tick the modules to compare, play paired games, see who wins.

A small panel over :func:`tutor.analysis.modules.module_impact` for any game with
modules: a player-count choice (the counts where some module can be switched), one
checkbox per module that can be switched at that count (the spec says which), a
button, a progress bar counting the games, then the chart
(:func:`tutor.charts.modules.module_impact_figure`) and the table.  Nothing here
decides anything about rules.

Every part is a plain attribute holding an ipywidget, so tests click it headlessly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from tutor.analysis.modules import module_impact, module_toggles, text_table
from tutor.core.errors import TutorError
from tutor.core.spec import spec_for


class ModuleToggles(w.VBox):
    """Checkboxes for a game's modules and a chart of paired games with and without them.

    Args:
        game_name: a registered game with modules.
        games: paired games per configuration.
        seed: the run's seed (the same for every configuration).
        policies: one bot name for every seat (``"heuristic"``), or one per seat.
        players: the player count shown first (default: the spec's, when it has toggles).

    Raises:
        UnknownGameError: if the game is not registered.
        ValueError: if no module of the game can be switched at any player count.
    """

    def __init__(
        self,
        game_name: str,
        games: int = 60,
        seed: int = 0,
        policies: str | Sequence[str] = "random",
        players: int | None = None,
    ) -> None:
        super().__init__()
        self.game_name = game_name
        self.seed = seed
        self.policies = policies
        self.toggles = {n: ms for n, ms in module_toggles(game_name).items() if ms}
        if not self.toggles:
            raise ValueError(f"{spec_for(game_name).title} has no module to switch on and off")
        counts = list(self.toggles)
        first = players if players in self.toggles else spec_for(game_name).default_players
        self.players = w.ToggleButtons(
            options=[(f"{n} players", n) for n in counts],
            value=first if first in self.toggles else counts[0],
            description="Players",
        )
        self.boxes: dict[str, w.Checkbox] = {}
        self.box_row = w.HBox()
        self.games = w.BoundedIntText(value=games, min=1, max=100_000, description="Games")
        self.run_button = w.Button(description="Play paired games", icon="play")
        self.run_button.on_click(lambda _: self.run())
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Games played")
        self.message = w.HTML()
        self.output = w.Output()
        self.report: dict[str, Any] | None = None
        self.figure: Any = None
        self.players.observe(lambda _: self._show_boxes(), names="value")
        self._show_boxes()
        self.children = (
            self.players,
            self.box_row,
            w.HBox([self.games, self.run_button]),
            self.progress,
            self.message,
            self.output,
        )

    def _show_boxes(self) -> None:
        """One checkbox per module that can be switched at the chosen count, all ticked."""
        self.boxes = {
            m: w.Checkbox(value=True, description=m.replace("_", " "), indent=False)
            for m in self.toggles[self.players.value]
        }
        self.box_row.children = tuple(self.boxes.values())

    def chosen(self) -> list[str]:
        """The modules whose checkbox is ticked."""
        return [m for m, box in self.boxes.items() if box.value]

    def _tick(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done

    def run(self) -> dict[str, Any] | None:
        """Play the paired games for the ticked modules and show the chart and table.

        Returns:
            The :func:`~tutor.analysis.modules.module_impact` report, or ``None`` when
            nothing is ticked or the run was refused (the panel says why).
        """
        modules = self.chosen()
        self.output.clear_output()
        if not modules:
            self.message.value = "<b>Tick at least one module to compare with the baseline.</b>"
            return None
        count = self.players.value
        bots = [self.policies] * count if isinstance(self.policies, str) else self.policies
        self.progress.value = 0
        self.message.value = "Playing…"
        try:
            report = module_impact(
                self.game_name,
                players=count,
                modules=modules,
                games=self.games.value,
                seed=self.seed,
                policies=list(bots),
                progress=self._tick,
            )
        except (TutorError, ValueError) as exc:
            self.message.value = f"<b>Could not play:</b> {exc}"
            return None
        from tutor.charts.modules import module_impact_figure

        self.report = report
        self.figure = module_impact_figure(report)
        self.message.value = f"{self.progress.value} games in {report['seconds']:.1f} s."
        with self.output:
            from IPython.display import display

            display(self.figure)
            print(text_table(report))
        return report


__all__ = ["ModuleToggles"]
