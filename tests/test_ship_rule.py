"""training/ship_rule.py: no worse on every held-out measure, or no shipping."""

from __future__ import annotations

import json

from training.ship_rule import main, worse_measures

SHIPPED = {"valid F1": 0.9854, "fb hands": 0.7177, "clutter precision": 0.259,
           "clutter boxes on the surface per scene": 20.7}


def test_better_everywhere_ships():
    better = {"valid F1": 0.986, "fb hands": 0.7177, "clutter precision": 0.5,
              "clutter boxes on the surface per scene": 3.0}
    assert worse_measures(SHIPPED, better) == []


def test_one_subset_worse_blocks_even_when_valid_improves():
    cand = dict(SHIPPED, **{"valid F1": 0.99, "fb hands": 0.70})
    assert worse_measures(SHIPPED, cand) == ["fb hands: 0.7177 -> 0.7"]


def test_counts_of_wrong_things_count_the_other_way_and_missing_blocks():
    cand = dict(SHIPPED, **{"clutter boxes on the surface per scene": 25.0})
    assert worse_measures(SHIPPED, cand) == [
        "clutter boxes on the surface per scene: 20.7 -> 25.0"]
    partial = {k: v for k, v in SHIPPED.items() if k != "fb hands"}
    assert worse_measures(SHIPPED, partial) == ["fb hands: not measured"]
    # measured for neither model (leave-one-source-out today): nothing to compare
    assert worse_measures(dict(SHIPPED, loso=None), dict(SHIPPED, loso=None)) == []


def test_cli_exit_status(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(SHIPPED))
    b.write_text(json.dumps(dict(SHIPPED, **{"clutter precision": 0.2})))
    assert main([str(a), str(b)]) == 1 and "do not ship" in capsys.readouterr().out
    assert main([str(a), str(a)]) == 0
