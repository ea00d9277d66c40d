"""A user's own card files: refused by name when broken, playable when they load.

Players who own Mantis Falls load their own deck (``load_game("mantis_falls",
deck=FOLDER)``).  The files come in through the kit's one door: resolved inside the
folder given, read as UTF-8 YAML, checked against the project's schema (never one the
folder brings), then checked for what a schema cannot say.  These tests make the
testers' mistakes one by one, then generate thousands of broken decks (hypothesis):
every deck is either refused with a ``RulesetError`` naming the file and a key path,
or set up and played to the end with the game's invariants holding.  Nothing else
may escape.  House-rule options get the same treatment: a bad key or value is an
``OptionError`` naming it and what is allowed.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import event, example, given
from hypothesis import strategies as st
from mutations import (
    copy_files,
    edit_yaml,
    json_values,
    mangled_bytes,
    mutated,
    nodes,
    slot,
    write,
)

import tutor
from tutor.cli import main
from tutor.core.data import resolve_inside, rulesets_dir
from tutor.core.errors import OptionError, RulesetError
from tutor.core.game import game_class, random_playout
from tutor.core.rng import Rng
from tutor.games.mantis_falls import cards as card_module
from tutor.games.mantis_falls.cards import FILES, ROAD_ROWS, ROADS_PER_REGION, ROADS_PER_ROW

SHIPPED = rulesets_dir() / "mantis_falls"
CARD_FILES = list(FILES)
GOOD = {name: yaml.safe_load((SHIPPED / name).read_text(encoding="utf-8")) for name in FILES}


def deck(tmp_path: Path, name: str = "my_deck") -> Path:
    """A copy of the shipped card files (no schema, no rules) in a folder of its own."""
    return copy_files(SHIPPED, tmp_path / name, CARD_FILES)


def refused(folder: Path | str, **options: Any) -> RulesetError:
    """Load the deck, expecting a refusal that names a file and where in it."""
    with pytest.raises(RulesetError) as info:
        tutor.load_game("mantis_falls", deck=str(folder), **options)
    err = info.value
    for part in (err.file, err.where, err.expected, err.found):
        assert part and part in str(err)
    return err


def plays(game: tutor.Game, seeds: range = range(3), playouts: int = 3) -> None:
    """Set up games with each seed (the first ``playouts`` played to the end at random).

    The game's invariants hold after setup and at the end, and every view can be built.
    """
    for seed in seeds:
        state = game.new_state(seed=seed, tracing=False)
        assert game.check_invariants(state) == [], seed
        for player in (None, *range(game.num_players)):
            state.view(player)
        if seed - seeds.start < playouts:
            random_playout(state, Rng(seed), max_steps=50_000)
            assert state.is_terminal()
            assert game.check_invariants(state) == [], seed


def cards_of(data: dict[str, Any], **where: Any) -> list[int]:
    """Indices of the cards whose keys have the given values."""
    return [i for i, c in enumerate(data["cards"]) if all(c.get(k) == v for k, v in where.items())]


# ---------------------------------------------------------------------------------------
# The testers' examples
# ---------------------------------------------------------------------------------------
def test_the_shipped_deck_copied_elsewhere_loads_and_plays(tmp_path: Path) -> None:
    plays(tutor.load_game("mantis_falls", deck=str(deck(tmp_path))))


def test_setup_lays_the_rows_the_deck_checks_count() -> None:
    # One place for the numbers: the deck check and the setup read the same constants,
    # and the engine's road (Start, the rows, End) is exactly that long.
    from tutor.games.mantis_falls.state import END, START

    road_length = 2 + len(ROAD_ROWS) * ROADS_PER_ROW
    assert road_length == END - START + 1
    state = tutor.load_game("mantis_falls").new_state(seed=3)
    assert len(state.road_at) == END + 1
    assert len(state.removed_roads) == len(ROAD_ROWS) * (ROADS_PER_REGION - ROADS_PER_ROW)


@pytest.mark.rule("mf.1.2")
@pytest.mark.parametrize("region", ROAD_ROWS)
def test_four_roads_of_a_region_are_refused_before_setup(tmp_path: Path, region: str) -> None:
    folder = deck(tmp_path)
    roads = GOOD["roads.yaml"]
    drop = cards_of(roads, region=region, broken=False)[0]
    edit_yaml(folder / "roads.yaml", lambda d: d["cards"].pop(drop))
    err = refused(folder)
    assert err.file == str(folder / "roads.yaml")
    assert err.where == "cards"
    assert f"at least {ROADS_PER_REGION} {region} roads" in err.expected
    assert err.found == str(ROADS_PER_REGION - 1)


@pytest.mark.rule("mf.1.2")
def test_a_sixth_road_of_a_region_is_set_aside_with_the_fifth(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    extra = dict(GOOD["roads.yaml"]["cards"][cards_of(GOOD["roads.yaml"], region="dark")[0]])
    extra.update(id="dark_extra", name="Extra Alley")
    edit_yaml(folder / "roads.yaml", lambda d: d["cards"].append(extra))
    game = tutor.load_game("mantis_falls", deck=str(folder))
    plays(game)
    assert len(game.new_state(seed=1).removed_roads) == 4


def test_a_schema_in_the_deck_folder_never_loosens_the_check(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    anything = {name: {} for name in FILES.values()}
    (folder / "schema.yaml").write_text(yaml.safe_dump({"$defs": anything}), encoding="utf-8")
    edit_yaml(folder / "actions.yaml", lambda d: d["cards"][3].update(suit="purple"))
    err = refused(folder)
    assert (err.where, err.found) == ("cards[3].suit", "'purple'")
    assert "amber" in err.expected


def test_a_broken_schema_in_the_deck_folder_is_never_read(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    (folder / "schema.yaml").write_bytes(b"\xff\xfe not a schema [")
    plays(tutor.load_game("mantis_falls", deck=str(folder)), range(1))


def test_a_relative_path_with_dot_dot_is_the_folder_it_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = deck(tmp_path)
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    game = tutor.load_game("mantis_falls", deck="../my_deck")
    assert game.cards.files["roads.yaml"] == Path("../my_deck/roads.yaml")
    edit_yaml(folder / "roads.yaml", lambda d: d["cards"].pop())
    err = refused("../my_deck")
    assert err.file == os.path.join("..", "my_deck", "roads.yaml")


def test_an_absolute_path_and_a_linked_folder_load(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    assert tutor.load_game("mantis_falls", deck=str(folder.resolve())).cards.actions
    link = tmp_path / "linked_deck"
    link.symlink_to(folder, target_is_directory=True)
    assert tutor.load_game("mantis_falls", deck=str(link)).cards.folder == link


def test_a_file_linked_to_outside_the_folder_is_refused(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text("password: hunter2\n" * 100, encoding="utf-8")
    (folder / "characters.yaml").unlink()
    (folder / "characters.yaml").symlink_to(secret)
    err = refused(folder)
    assert err.file == str(folder / "characters.yaml")
    assert err.found == "a link to a file outside it"
    assert "hunter2" not in str(err)


def test_a_link_to_a_copy_of_the_shipped_file_outside_is_refused_too(tmp_path: Path) -> None:
    # Even a file that would pass every check: where it lies decides, not what it holds.
    folder = deck(tmp_path)
    (folder / "allies.yaml").unlink()
    (folder / "allies.yaml").symlink_to((SHIPPED / "allies.yaml").resolve())
    assert refused(folder).found == "a link to a file outside it"


def test_a_link_inside_the_folder_is_fine(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    (folder / "originals").mkdir()
    (folder / "actions.yaml").rename(folder / "originals" / "actions.yaml")
    (folder / "actions.yaml").symlink_to(Path("originals") / "actions.yaml")
    assert len(tutor.load_game("mantis_falls", deck=str(folder)).cards.actions) == 60


def test_a_link_loop_is_refused(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    (folder / "events.yaml").unlink()
    (folder / "events.yaml").symlink_to(folder / "loop.yaml")
    (folder / "loop.yaml").symlink_to(folder / "events.yaml")
    err = refused(folder)
    assert err.file.endswith("events.yaml")


@pytest.mark.parametrize(
    ("make", "found"),
    [
        (lambda tmp: tmp / "nowhere", "no such folder"),
        (lambda tmp: write(tmp, "cards: []\n", "a_file.yaml"), "a file"),
    ],
)
def test_a_deck_that_is_not_a_folder(
    tmp_path: Path, make: Callable[[Path], Path], found: str
) -> None:
    err = refused(make(tmp_path))
    assert (err.where, err.found) == ("folder", found)


def test_a_deck_path_with_a_control_character_is_refused_without_printing_it() -> None:
    err = refused("my\x00deck")
    assert "\x00" not in str(err) and "control character" in err.found


@pytest.mark.parametrize("name", ["../actions.yaml", "/etc/passwd", "sub/../../x.yaml", ""])
def test_resolve_inside_refuses_names_that_leave_the_folder(tmp_path: Path, name: str) -> None:
    with pytest.raises(RulesetError) as info:
        resolve_inside(tmp_path, name, "card file")
    assert "inside the folder" in info.value.expected


def test_a_file_that_is_not_utf8_names_the_line_and_column(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    raw = (folder / "actions.yaml").read_bytes()
    lines = raw.split(b"\n")
    at = next(i for i, line in enumerate(lines) if b"name: Medicine" in line)
    column = lines[at].index(b"Medicine") + 2
    write(folder, raw.replace(b"name: Medicine", b"name: M\xe9dicine", 1), "actions.yaml")
    err = refused(folder)
    assert err.file == str(folder / "actions.yaml")
    assert err.where == f"line {at + 1}, column {column}"
    assert (err.expected, err.found) == ("UTF-8 text", "the byte 0xe9")


def test_a_nul_byte_keeps_its_line_and_column(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    write(folder, "illustrative: false\ncards:\n  - id: urbanite\x00\n", "characters.yaml")
    err = refused(folder)
    assert err.where == "line 3, column 17"
    assert "U+0000" in err.found


@pytest.mark.parametrize(
    "text",
    [
        "x" * 50_000,  # a file that is one long text
        "illustrative: false\ncards:\n" + "  - " + "y" * 50_000 + "\n",
        "illustrative: false\ncards: []\n" + "".join(f"k{i}{'z' * 500}: 1\n" for i in range(50)),
    ],
    ids=["long-text", "long-card", "many-long-keys"],
)
def test_an_error_never_echoes_long_file_contents(tmp_path: Path, text: str) -> None:
    folder = deck(tmp_path)
    write(folder, text, "characters.yaml")
    err = refused(folder)
    assert len(err.found) <= 200, err.found
    assert len(str(err)) < 400 + len(err.file)


def test_a_long_duplicate_id_is_shortened(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    long_id = "a" * 5_000

    def twins(d: Any) -> None:
        d["cards"][0]["id"] = d["cards"][1]["id"] = long_id

    edit_yaml(folder / "events.yaml", twins)
    err = refused(folder)
    assert (err.where, err.expected) == ("cards[1].id", "a unique id")
    assert len(err.found) <= 60


def test_a_card_file_edited_after_loading_is_read_again(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    tutor.load_game("mantis_falls", deck=str(folder))
    edit_yaml(folder / "roads.yaml", lambda d: d["cards"].pop())
    refused(folder)


# ---------------------------------------------------------------------------------------
# What a schema cannot say
# ---------------------------------------------------------------------------------------
def _hit(d: Any) -> dict[str, Any]:
    return next(c for c in d["cards"] if "call_in_a_hit" in (c.get("tags") or ()))


def _copies(d: Any, name: str) -> list[dict[str, Any]]:
    return [c for c in d["cards"] if c["name"] == name]


def _keep(keep: int, midnight: bool) -> Callable[[Any], None]:
    """Keep only the first ``keep`` cards of the Midnight suit, or of the other suits."""

    def change(d: Any) -> None:
        drop = [c for c in d["cards"] if (c["suit"] == "midnight") == midnight][keep:]
        d["cards"] = [c for c in d["cards"] if not any(c is x for x in drop)]

    return change


def _make_a_copy_different(d: Any) -> None:
    first, second = _copies(d, "Medicine")[:2]
    second["effects"] = [{"do": "heal", "target": "self", "amount": 3}]


def _make_an_ally_copy_different(d: Any) -> None:
    first, second = _copies(d, "Ms. Cardello")[:2]
    second["requirement"] = 2


def _unknown_condition(d: Any) -> None:
    d["cards"][0]["effect"][0]["if"] = {"has_condition": "Umbrella"}


def _tag_nobody_has(d: Any) -> None:
    # No action card is a bullet any more: the Gun's any-time cost names a tag nobody has.
    for c in d["cards"]:
        if "bullet" in (c.get("tags") or ()):
            c["tags"].remove("bullet")


def _second_broken_road(d: Any) -> None:
    next(c for c in d["cards"] if c["region"] == "night" and not c["broken"])["broken"] = True


def _second_urbanite(d: Any) -> None:
    d["cards"].append(dict(d["cards"][0], name="Another"))


@pytest.mark.parametrize(
    ("file", "change", "where", "expected"),
    [
        ("actions.yaml", lambda d: _hit(d).update(suit="amber"), ".suit", "'midnight'"),
        ("actions.yaml", _keep(6, midnight=True), "cards", "5 Midnight cards besides"),
        ("actions.yaml", _keep(11, midnight=False), "cards", "at least 12 cards of other suits"),
        ("actions.yaml", _make_a_copy_different, "cards[", "are copies of one card"),
        ("events.yaml", _unknown_condition, ".if.has_condition", "kept as a condition"),
        ("actions.yaml", _tag_nobody_has, ".anytime.cost.discard_tag", "a tag some action"),
        ("allies.yaml", _make_an_ally_copy_different, "cards[", "copies of one ally"),
        ("characters.yaml", _second_urbanite, "cards[1].id", "a unique id"),
        ("characters.yaml", lambda d: d["cards"][0].update(id="tourist"), "cards", "urbanite"),
        ("roads.yaml", lambda d: d["cards"][0].update(broken=True), ".broken", "night"),
        ("roads.yaml", _second_broken_road, ".broken", "at most one Broken Road"),
    ],
    ids=[
        "hit-not-midnight",
        "too-few-midnight",
        "too-few-to-deal",
        "copies-differ",
        "unknown-condition",
        "unknown-cost-tag",
        "ally-copies-differ",
        "duplicate-character",
        "no-urbanite",
        "broken-start",
        "two-broken",
    ],
)
def test_what_a_schema_cannot_say_is_checked(
    tmp_path: Path, file: str, change: Callable[[Any], None], where: str, expected: str
) -> None:
    folder = deck(tmp_path)
    edit_yaml(folder / file, change)
    err = refused(folder)
    assert err.file == str(folder / file)
    assert where in err.where, err
    assert expected in err.expected, err


def test_a_condition_block_on_a_card_that_is_not_kept_names_the_key(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    edit_yaml(folder / "actions.yaml", lambda d: d["cards"][0].update(condition={"passive": {}}))
    err = refused(folder)
    assert err.where == "cards[0].condition"
    assert err.expected.startswith("no condition block")


def test_an_empty_passive_block_says_what_it_needs(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    first = next(i for i, a in enumerate(GOOD["allies.yaml"]["cards"]) if "passive" in a["effect"])
    edit_yaml(folder / "allies.yaml", lambda d: d["cards"][first]["effect"].update(passive={}))
    err = refused(folder)
    assert (err.where, err.expected) == (f"cards[{first}].effect.passive", "at least 1 key")


def test_every_effect_word_of_the_schema_has_an_engine_step() -> None:
    # The schema's closed vocabulary is what a deck may say; each word must be one the
    # engine can carry out, or a deck that passes the schema would fail in play.
    from tutor.games.mantis_falls.state import CARD_EFFECTS

    schema = yaml.safe_load((SHIPPED / card_module.SCHEMA).read_text(encoding="utf-8"))
    words = set(schema["$defs"]["primitive"]["enum"])
    assert words <= set(CARD_EFFECTS), words - set(CARD_EFFECTS)


# ---------------------------------------------------------------------------------------
# Generated decks (hypothesis)
# ---------------------------------------------------------------------------------------
SLOTS: dict[Any, list[Any]] = {}
for _name in FILES:
    for _path, _value in nodes(GOOD[_name]):
        SLOTS.setdefault(slot(_path), []).append(_value)


def deck_values(path: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """What replaces the value at ``path``: mostly a value the deck has in the same kind
    of place (so many changes still pass the schema and reach the deeper checks and the
    engine), sometimes anything at all."""
    same = SLOTS.get(slot(path), [])
    if not same:
        return json_values
    return st.integers(0, 3).flatmap(
        lambda k: json_values if k == 0 else st.sampled_from(range(len(same))).map(same.__getitem__)
    )


def load_or_refuse(folder: Path) -> None:
    """The property: refused naming a deck file and where, or set up and played soundly."""
    try:
        game = tutor.load_game("mantis_falls", deck=str(folder))
    except RulesetError as err:
        assert Path(err.file).parent == folder, err
        assert Path(err.file).name in str(err) and err.where, err
        event("refused")
        return
    plays(game, range(3), playouts=1)
    event("played")


@given(st.sampled_from(CARD_FILES), st.data())
def test_generated_decks_load_and_play_or_are_refused_by_name(name: str, data: Any) -> None:
    changed = data.draw(
        mutated(
            GOOD[name],
            most=4,
            changes=("replace", "delete", "duplicate"),
            values_at=deck_values,
            root=False,
        ),
        label=name,
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = copy_files(SHIPPED, Path(tmp) / "deck", CARD_FILES)
        write(folder, yaml.safe_dump(changed, sort_keys=False, allow_unicode=True), name)
        load_or_refuse(folder)


@given(st.sampled_from(CARD_FILES), st.data())
def test_mangled_card_files_load_and_play_or_are_refused_by_name(name: str, data: Any) -> None:
    raw = data.draw(mangled_bytes((SHIPPED / name).read_bytes()), label=name)
    with tempfile.TemporaryDirectory() as tmp:
        folder = copy_files(SHIPPED, Path(tmp) / "deck", CARD_FILES)
        write(folder, raw, name)
        load_or_refuse(folder)


# ---------------------------------------------------------------------------------------
# House rules and other options
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rulings", "words"),
    [
        ({"phone_range": "diagonal"}, ["'phone_range'", "'diagonal'", "path, grid"]),
        ({"phone_range": 3}, ["'phone_range'", "no option 3", "path, grid"]),
        ({"phone_range": ["grid"]}, ["'phone_range'", "no option ['grid']", "path, grid"]),
        ({"phone_range": None}, ["'phone_range'", "no option None", "path, grid"]),
        (
            {"ambush_short_hand": "wounds_capped_by_discards"},
            ["recorded answer", "always plays 'discard_all_full_wounds'"],
        ),
        ({"phone_range": True}, ["'phone_range'", "no option 'on'", "path, grid"]),
        ({"no_such": "on"}, ["unknown ruling 'no_such'", "house rules: ", "phone_range"]),
        ({"q" * 500: "on"}, ["unknown ruling", "..."]),
        ({"phone_range": "g" * 500}, ["'phone_range'", "path, grid"]),
    ],
)
def test_a_bad_house_rule_names_the_key_and_the_allowed_values(
    rulings: dict[str, Any], words: list[str]
) -> None:
    with pytest.raises(OptionError) as info:
        tutor.load_game("mantis_falls", rulings=rulings)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert len(message) < 600


def test_on_and_off_written_plainly_in_yaml_are_accepted() -> None:
    # YAML 1.1 reads an unquoted on/off as true/false; a ruling with those options takes them.
    options = yaml.safe_load("rulings: {all_events_seen: on}")
    assert options == {"rulings": {"all_events_seen": True}}
    game = tutor.load_game("mantis_falls", **options)
    assert game.rulings["all_events_seen"] == "on"


@pytest.mark.parametrize(
    ("change", "where", "expected"),
    [
        (lambda r: r[0].update(default="maybe"), "rulings[0].default", "one of its options"),
        (lambda r: r[0].update(rules=["mf.99.1"]), "rulings[0].rules[0]", "a rule id"),
        (lambda r: r.append(dict(r[0])), "rulings[{n}].id", "a unique id"),
    ],
    ids=["default-not-offered", "unknown-rule", "duplicate-id"],
)
def test_a_rulings_file_is_checked_beyond_its_schema(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    change: Callable[[Any], None],
    where: str,
    expected: str,
) -> None:
    folder = copy_files(rulesets_dir(), tmp_path / "rulesets")
    monkeypatch.setenv("TUTOR_RULESETS", str(folder))
    rulings = folder / "mantis_falls" / "rulings.yaml"
    n = len(yaml.safe_load(rulings.read_text(encoding="utf-8"))["rulings"])
    edit_yaml(rulings, lambda d: change(d["rulings"]))
    with pytest.raises(RulesetError) as info:
        tutor.load_game("mantis_falls")
    err = info.value
    assert err.file == str(rulings)
    assert err.where == where.format(n=n)
    assert expected in err.expected


@pytest.mark.parametrize("bad", [2.0, "2", [2], None, True])
def test_a_player_count_must_be_a_whole_number(bad: Any) -> None:
    with pytest.raises(OptionError) as info:
        tutor.load_game("mantis_falls", players=bad)
    assert "option players: expected a whole number" in str(info.value)


DECLARED = sorted(game_class("mantis_falls").options_schema["properties"])


@given(
    st.dictionaries(
        st.sampled_from(DECLARED) | st.text(max_size=6), json_values, min_size=1, max_size=3
    )
)
@example(options={"name": None})  # once a TypeError: load_game's own parameter name
def test_garbage_options_give_an_option_or_ruleset_error(options: dict[str, Any]) -> None:
    try:
        game = tutor.load_game("mantis_falls", **options)
    except (OptionError, RulesetError):
        event("refused")
        return
    event("accepted")
    game.new_state(seed=0, tracing=False)


@pytest.mark.parametrize(
    "value",
    [(1, 2), {1, 2}, b"bytes", object(), float("nan"), {(1, 2): "x"}, 2**80, -1],
    ids=["tuple", "set", "bytes", "object", "nan", "tuple-key", "huge", "negative"],
)
def test_odd_python_values_for_every_option_are_option_errors(value: Any) -> None:
    for name in DECLARED:
        with pytest.raises((OptionError, RulesetError)):
            tutor.load_game("mantis_falls", **{name: value})


# ---------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------
def run_cli(args: list[str]) -> tuple[int, list[str]]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = main(args)
    return status, err.getvalue().strip().splitlines()


def one_line_error(args: list[str], *words: str) -> str:
    status, lines = run_cli(args)
    assert status == 2, lines
    assert len(lines) == 1 and lines[0].startswith(f"tutor {args[0]}: error: "), lines
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def four_road_deck(tmp_path: Path) -> Path:
    folder = deck(tmp_path)
    edit_yaml(folder / "roads.yaml", lambda d: d["cards"].pop(1))
    return folder


def test_a_scenario_with_a_broken_deck_is_one_line_for_every_command(tmp_path: Path) -> None:
    folder = four_road_deck(tmp_path)
    scenario = write(
        tmp_path,
        yaml.safe_dump({"game": "mantis_falls", "options": {"deck": str(folder)}}),
        "s.yaml",
    )
    for args in (
        ["whatif", str(scenario)],
        ["whatif", str(scenario), "--simulate", "2", "--processes", "1"],
        ["tree", str(scenario), "--depth", "1"],
    ):
        one_line_error(args, str(scenario), "roads.yaml", "at least 5")


def test_a_scenario_with_a_missing_deck_or_bad_house_rule_is_one_line(tmp_path: Path) -> None:
    for options, words in (
        ({"deck": str(tmp_path / "nowhere")}, ["no such folder"]),
        ({"rulings": {"phone_range": "diagonal"}}, ["'diagonal'", "path, grid"]),
        ({"players": 2.5}, ["options.players", "whole number"]),
    ):
        scenario = write(
            tmp_path, yaml.safe_dump({"game": "mantis_falls", "options": options}), "s.yaml"
        )
        one_line_error(["whatif", str(scenario)], *words)


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_play_and_simulate_take_options_and_answer_mistakes_in_one_line(
    tmp_path: Path, command: str
) -> None:
    extra = ["--games", "2"] if command == "simulate" else []
    base = [command, "mantis_falls", *extra, "--options"]
    good = deck(tmp_path, "good")
    status, lines = run_cli([*base, yaml.safe_dump({"deck": str(good)}, default_flow_style=True)])
    assert status == 0, lines
    folder = four_road_deck(tmp_path)
    one_line_error([*base, f"{{deck: '{folder}'}}"], "roads.yaml", "at least 5")
    one_line_error([*base, "{rulings: {phone_range: diagonal}}"], "'diagonal'", "path, grid")
    one_line_error([*base, "{players: 2.0}"], "option players", "whole number")
    one_line_error([*base, "[deck"], "--options", "valid YAML")
    one_line_error([*base, "just text"], "--options", "a mapping")


def test_simulate_with_bots_takes_options_too(tmp_path: Path) -> None:
    folder = four_road_deck(tmp_path)
    one_line_error(
        ["simulate", "mantis_falls", "--games", "2", "--bots", "random,random"]
        + ["--processes", "1", "--options", f"{{deck: '{folder}'}}"],
        "roads.yaml",
    )
