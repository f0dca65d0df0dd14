"""CLI start-up imports only what a command needs (issue 34): scoring a hand never loads the
detector's libraries, and one rule set's command loads no other rule set's module. Times are
measured by benchmarks/bench_scan.py, not here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HAND = "123m 456p 789s 1z [555s<] +1z"


def _modules_after(argv: list[str]) -> tuple[set[str], str]:
    """The modules a fresh process holds after running `mjlens ARGV`, and its output."""
    code = (f"import json, sys\nfrom mjlens.cli import main\nstatus = main({argv!r})\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=True)
    *out, mods = done.stdout.strip().splitlines()
    return set(json.loads(mods)), "\n".join(out)


def test_score_imports_no_detector_libraries():
    mods, out = _modules_after(["score", "--rules", "gb", "--json", "--hand", HAND])
    assert json.loads(out)["total"] > 0
    for heavy in ("cv2", "onnxruntime", "numpy", "PIL", "vision"):
        assert heavy not in mods, f"`mjlens score` imported {heavy}"


def test_one_rule_set_loads_only_its_own_module():
    mods, out = _modules_after(["score", "--rules", "sichuan", "--json", "--hand",
                                "111m 222m 333m 444m 5m +5m"])
    assert json.loads(out)["rules"] == "sichuan"
    loaded = {m.split(".")[2] for m in mods if m.startswith("scoring.rulesets.")}
    assert "sichuan" in loaded
    assert not loaded & {"gb", "fujian", "wuhu", "yuhuan", "northeast"}, loaded


def test_a_rule_set_from_its_module_is_the_registry_one():
    from scoring.ruleset import all_rulesets, get_ruleset

    found = all_rulesets()
    assert len(found) >= 14
    for rid, rs in found.items():
        assert get_ruleset(rid) is rs


def test_names_that_are_no_rule_set_are_refused_with_the_known_ones():
    import pytest

    from scoring.hand import HandError
    from scoring.ruleset import get_ruleset

    for name in ("sichuan_common", "gb.calc", "nope", ""):
        with pytest.raises(HandError) as exc:
            get_ruleset(name)
        assert "gb" in str(exc.value.msg.render("en"))


def test_help_in_any_language_imports_no_heavy_module():
    """`mjlens score --help` imported SQLAlchemy (the table command's ledger, ~0.2 s) on every
    start of `mjlens`; the help in Chinese reads its words from the catalogs alone."""
    for lang in ("en", "zh", "zh-Hant"):
        code = ("import json, sys\nfrom mjlens.cli import main\ntry:\n"
                f"    main(['score', '--help', '--lang', {lang!r}])\nexcept SystemExit:\n"
                "    pass\nprint(json.dumps(sorted(sys.modules)))\n")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT, check=True)
        mods = set(json.loads(done.stdout.strip().splitlines()[-1]))
        for heavy in ("cv2", "onnxruntime", "numpy", "PIL", "vision", "sqlalchemy",
                      "scoring.ruleset"):
            assert heavy not in mods, f"`mjlens score --help --lang {lang}` imported {heavy}"
