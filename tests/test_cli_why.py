"""``tutor why``: one line per link of an entry's chain of causes, for any game.

The seeded game is the very game ``tutor play GAME --seed S --trace`` prints, so an
entry number read there can be asked about here; a saved session file works the same
way; a bad entry number or file is one line on stderr and exit status 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tutor
from tutor.analysis.why import seeded_session
from tutor.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("game", tutor.registered_games())
def test_why_explains_an_entry_of_the_game_tutor_play_prints(
    capsys: pytest.CaptureFixture[str], game: str
) -> None:
    code, played, _ = run(capsys, "play", game, "--seed", "4", "--trace")
    assert code == 0
    lines = played.splitlines()[:-1]  # the last line is the result, not an entry
    entry = len(lines) // 2
    code, out, err = run(capsys, "why", "--seed", "4", "--game", game, "--entry", str(entry))
    assert code == 0, err
    chain = out.splitlines()
    assert chain[0].startswith(lines[entry].rstrip())  # then its citation
    # Each cause indented under what it made; what set off a link that depended on
    # an earlier entry is indented further.
    assert all(line.startswith(("  because ", "      ")) for line in chain[1:])
    assert len(chain) >= 2


@pytest.mark.parametrize("game", tutor.registered_games())
def test_why_reads_a_saved_session_and_prints_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    session = seeded_session(tutor.load_game(game), 2)
    path = tmp_path / "game.json"
    session.save(path)
    code, out, err = run(capsys, "why", str(path), "--entry", "-1", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["entry"] == len(session.state.trace) - 1
    assert report["links"][0]["text"] == session.state.trace[-1].text
    # It goes back to a decision or chance outcome, or to the set-up (a Mentis King
    # captured where it stood from the start) with the choice that set a link off.
    roots = [report["links"][-1]] + [side["links"][-1] for side in report["set_off"]]
    assert report["links"][-1]["kind"] in ("decision", "chance", "setup")
    assert any(root["kind"] in ("decision", "chance") for root in roots)
    assert report["paragraph"].startswith(session.state.trace[-1].text.rstrip("."))
    # The same entry of the saved file, as lines: the chain the seeded game gives.
    middle = len(session.state.trace) // 2
    code, out, err = run(capsys, "why", str(path), "--entry", str(middle))
    assert code == 0, err
    code, seeded, _ = run(capsys, "why", "--seed", "2", "--game", game, "--entry", str(middle))
    assert code == 0 and out == seeded and out.strip()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seed", "1", "--game", "mentis", "--entry", "99999"], "entry 99999 is outside"),
        (["--seed", "1", "--entry", "2"], "--seed needs --game"),
        (["/no/such/file.json", "--entry", "2"], "no such file"),
        (["--seed", "1", "--game", "mentis", "--entry", "2", "--player", "7"], "--player"),
    ],
)
def test_a_bad_entry_or_file_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "why", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err
