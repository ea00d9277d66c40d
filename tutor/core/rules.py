"""The rules index of a game (``rules.yaml``) and its rulings (``rulings.yaml``).

Trace entries cite rule ids; this module loads the index so those ids can be shown
with their title and summary, checks that every cited id exists, chooses ruling
options (house rules) and reports coverage.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.core.data import load_data_file, load_validated, resolve_inside, rulesets_dir
from tutor.core.errors import OptionError, RulesetError
from tutor.core.validation import short


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of a rulebook, summarised in the project's own words."""

    id: str
    topic: str
    title: str
    summary: str
    scope: str
    tested_by: tuple[str, ...]

    def citation(self, topic_title: str = "", style: str = "topic") -> str:
        """Return a short citation of the rule, in the rulebook's own way of citing.

        Args:
            topic_title: the title of the rule's topic or section.
            style: ``"topic"`` for numbered topics (``Topic 17 · Last Gasps: Make a Last
                Gasp play``) or ``"section"`` for a rulebook without numbers
                (``Stealing: A failed steal``).
        """
        if style == "section":
            return f"{topic_title or self.topic}: {self.title}"
        head = f"Topic {self.topic}" + (f" · {topic_title}" if topic_title else "")
        return f"{head}: {self.title}"


@dataclass(frozen=True, slots=True)
class Ruling:
    """A question the rulebook leaves open, the engine's answer and the alternatives."""

    id: str
    question: str
    rules: tuple[str, ...]
    default: str
    options: Mapping[str, str]
    source: str
    engine_option: bool = False
    related: tuple[str, ...] = ()
    """Other rulings whose readings interact with this one (``related:`` in the file)."""

    @property
    def switchable(self) -> bool:
        """True when the engine implements every option and there is more than one."""
        return self.engine_option and len(self.options) > 1


class RuleBook:
    """All rules and rulings of one game.

    Args:
        game: the game's folder name under ``rulesets/``.
        folder: override the folder (tests use this).
        citation: how rules are cited, ``"topic"`` or ``"section"`` (default: what the
            game's spec declares, else ``"topic"``).

    Raises:
        RulesetError: if ``rules.yaml`` or ``rulings.yaml`` is broken.
    """

    def __init__(self, game: str, folder: Path | None = None, citation: str | None = None) -> None:
        if citation is None:
            from tutor.core.spec import game_specs

            spec = game_specs().get(game)
            citation = spec.citation if spec is not None else "topic"
        self.citation_style = citation
        base = folder or rulesets_dir() / game
        self.folder: Path = base
        """The folder the rules index (``rules.yaml``) and rulings were read from."""
        schema_dir = rulesets_dir() / "_schema"
        _, raw = load_data_file(
            base, "rules.yaml", schema_dir / "rules.schema.yaml", "rules_file", "rules file"
        )
        self.game = game
        self.topics: dict[str, str] = {str(k): str(v) for k, v in raw.get("topics", {}).items()}
        self.rules: dict[str, Rule] = {}
        for entry in raw["rules"]:
            self.rules[entry["id"]] = Rule(
                id=entry["id"],
                topic=str(entry["topic"]),
                title=entry["title"],
                summary=" ".join(str(entry["summary"]).split()),
                scope=entry.get("scope", "base"),
                tested_by=tuple(entry.get("tested_by") or ()),
            )
        self.rulings: dict[str, Ruling] = {}
        rulings_path = resolve_inside(base, "rulings.yaml", "rulings file")
        if rulings_path.is_symlink() or rulings_path.exists():
            rr = load_validated(
                rulings_path, schema_dir / "rulings.schema.yaml", "rulings_file", "rulings file"
            )
            self._check_rulings(str(rulings_path), rr["rulings"])
            for entry in rr["rulings"]:
                self.rulings[entry["id"]] = Ruling(
                    id=entry["id"],
                    question=" ".join(str(entry["question"]).split()),
                    rules=tuple(entry.get("rules") or ()),
                    default=str(entry["default"]),
                    options={str(k): " ".join(str(v).split()) for k, v in entry["options"].items()},
                    source=str(entry.get("source", "project")),
                    engine_option=bool(entry.get("engine_option", False)),
                    related=tuple(entry.get("related") or ()),
                )

    def _check_rulings(self, file: str, entries: list[dict[str, Any]]) -> None:
        """What the rulings schema cannot say: ids unique, defaults offered, rules known.

        Raises:
            RulesetError: naming the file and the ruling's key path.
        """
        seen: set[str] = set()
        ids = {entry["id"] for entry in entries}
        for i, entry in enumerate(entries):
            for k, other in enumerate(entry.get("related") or ()):
                if other not in ids or other == entry["id"]:
                    raise RulesetError(
                        file, f"rulings[{i}].related[{k}]", "the id of another ruling", short(other)
                    )
            if entry["id"] in seen:
                raise RulesetError(file, f"rulings[{i}].id", "a unique id", short(entry["id"]))
            seen.add(entry["id"])
            if str(entry["default"]) not in entry["options"]:
                offered = ", ".join(map(str, entry["options"]))
                raise RulesetError(
                    file,
                    f"rulings[{i}].default",
                    f"one of its options ({offered})",
                    short(entry["default"]),
                )
            for k, rule_id in enumerate(entry.get("rules") or ()):
                if rule_id not in self.rules:
                    raise RulesetError(
                        file, f"rulings[{i}].rules[{k}]", "a rule id of rules.yaml", short(rule_id)
                    )

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules

    def __getitem__(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def cite(self, rule_id: str) -> str:
        """Return the citation of a rule id (``Topic 17 · Last Gasps: ...``), or the id."""
        rule = self.rules.get(rule_id)
        if rule is None:
            return rule_id
        return rule.citation(self.topics.get(rule.topic, ""), self.citation_style)

    def describe(self, rule_id: str) -> str:
        """Return ``"Topic 17 · Last Gasps: title — summary"`` for a rule id."""
        rule = self.rules.get(rule_id)
        if rule is None:
            return f"{rule_id} (not in the rules index)"
        return f"{self.cite(rule_id)} — {rule.summary}"

    def choose_rulings(self, chosen: Mapping[str, Any] | None) -> dict[str, str]:
        """Return every ruling's option, defaults overridden by ``chosen``.

        Raises:
            OptionError: for an unknown ruling id or an option the ruling does not offer.
        """
        result = {rid: r.default for rid, r in self.rulings.items()}
        for rid, value in (chosen or {}).items():
            ruling = self.rulings.get(rid) if isinstance(rid, str) else None
            if ruling is None:
                raise OptionError(f"unknown ruling {short(rid)} for {self.game}; {self._known()}")
            if isinstance(value, bool):  # YAML reads on/off as true/false
                value = "on" if value else "off"
            if not isinstance(value, str) or value not in ruling.options:
                raise OptionError(
                    f"ruling {rid!r} has no option {short(value)}; "
                    f"options: {', '.join(ruling.options)}"
                )
            if str(value) != ruling.default and not ruling.engine_option:
                raise OptionError(
                    f"ruling {rid!r} is a recorded answer, not a switchable house rule; "
                    f"the engine always plays {ruling.default!r}"
                )
            result[rid] = str(value)
        return result

    def related_pairs(self) -> list[tuple[str, str]]:
        """Every pair of rulings the file calls related, each once, in file order.

        A pair named on either side (``related:`` of one ruling) counts once.
        """
        order = list(self.rulings)
        pairs: set[tuple[str, str]] = set()
        for rid, ruling in self.rulings.items():
            for other in ruling.related:
                a, b = sorted((rid, other), key=order.index)
                pairs.add((a, b))
        return sorted(pairs, key=lambda p: (order.index(p[0]), order.index(p[1])))

    def _known(self) -> str:
        """The rulings a house rule may name: the switchable ones by id, the others counted."""
        switchable = sorted(rid for rid, r in self.rulings.items() if r.engine_option)
        recorded = len(self.rulings) - len(switchable)
        text = f"house rules: {', '.join(switchable) or 'none'}"
        if recorded:
            text += f" (and {recorded} recorded answers, which take only their default)"
        return text

    def coverage(self, implemented: Iterable[str]) -> dict[str, Any]:
        """Report which rules are implemented (cited by the engine) and tested.

        Args:
            implemented: rule ids the engine's code cites.

        Returns:
            A JSON-ready dict: per-rule status and the percentage of in-scope
            (``base``) rules that are both implemented and tested.
        """
        impl = set(implemented)
        rows = []
        in_scope = done = 0
        for rule in self.rules.values():
            is_impl = rule.id in impl
            is_tested = bool(rule.tested_by)
            if rule.scope == "base":
                in_scope += 1
                done += is_impl and is_tested
            rows.append(
                {
                    "id": rule.id,
                    "topic": rule.topic,
                    "title": rule.title,
                    "scope": rule.scope,
                    "implemented": is_impl,
                    "tested": is_tested,
                    "tested_by": list(rule.tested_by),
                }
            )
        pct = round(100.0 * done / in_scope, 1) if in_scope else 0.0
        return {
            "game": self.game,
            "rules": rows,
            "in_scope": in_scope,
            "covered": done,
            "coverage_percent": pct,
        }


def cited_rule_ids(package_dir: Path, prefix: str) -> set[str]:
    """Return every rule id (``<prefix>.<topic>.<n>``) quoted in a game package's code."""
    pattern = re.compile(rf"""["']({re.escape(prefix)}\.[a-z0-9_]+\.\d+)["']""")
    found: set[str] = set()
    for path in sorted(package_dir.rglob("*.py")):
        found.update(pattern.findall(path.read_text(encoding="utf-8")))
    return found


_MARK = re.compile(r"""pytest\.mark\.rule\(\s*["']([^"']+)["']\s*\)""")
_TEST_DEF = re.compile(r"^(\s*)def (test_\w+)\(", re.M)


def tests_by_rule(tests_dir: Path, root: Path | None = None) -> dict[str, list[str]]:
    """Map each rule id to the tests marked ``@pytest.mark.rule(id)`` under ``tests_dir``.

    Markers apply to the next ``def test_...`` after them (decorators), or to every test
    of a module when given as ``pytestmark``.  Test ids are ``path::name`` relative to
    ``root`` (default: the parent of ``tests_dir``).
    """
    base = root or tests_dir.parent
    found: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(base).as_posix()
        tests = [(m.start(), m.group(2)) for m in _TEST_DEF.finditer(text)]
        module_marks = []
        for line in text.splitlines():
            if line.startswith("pytestmark"):
                module_marks += _MARK.findall(line)
        for rule_id in module_marks:
            found.setdefault(rule_id, []).extend(f"{rel}::{name}" for _, name in tests)
        for m in _MARK.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            if text[line_start:].startswith("pytestmark"):
                continue
            after = [name for pos, name in tests if pos > m.start()]
            if after:
                found.setdefault(m.group(1), []).append(f"{rel}::{after[0]}")
    return {k: sorted(set(v)) for k, v in sorted(found.items())}


def sync_tested_by(rules_file: Path, tests: dict[str, list[str]]) -> int:
    """Rewrite the ``tested_by`` lines of a rules.yaml in place, keeping its comments.

    Returns:
        How many rules changed.
    """
    lines = rules_file.read_text(encoding="utf-8").splitlines()
    out: list[str] = []
    current = None
    changed = 0
    skip_indent = -1
    for line in lines:
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if skip_indent >= 0:
            if stripped.startswith("- ") and indent > skip_indent:
                continue
            skip_indent = -1
        m = re.match(r"-\s+id:\s*(\S+)", stripped)
        if m:
            current = m.group(1)
        if stripped.startswith("tested_by:") and current is not None:
            new = tests.get(current, [])
            new_line = " " * indent + "tested_by: [" + ", ".join(new) + "]"
            rest = stripped[len("tested_by:") :].strip()
            if not rest:
                skip_indent = indent
            if new_line != line:
                changed += 1
            out.append(new_line)
            continue
        out.append(line)
    rules_file.write_text("\n".join(out) + "\n", encoding="utf-8")
    return changed
