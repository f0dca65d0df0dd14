"""What each master seed of the synthetic scenes is for, so that a figure quoted as held out
comes from scenes nobody tuned on.

- FITTING: weights are fitted on these (training/fit_meld_sideways.py).
- DEVELOPMENT: scenes looked at one by one while choosing cases and thresholds of the layout
  reader; the layout test's exact counts (a change detector, tests/test_layout_synth.py) are
  on the first. Seeds 3-9 were called held out until 2026-12-01 but had been used to choose
  cases, so they are development seeds.
- HELD_OUT: only pooled rates are ever read from these (tests/test_layout_synth.py's slow
  test, benchmarks/bench_layout.py --held-out): never look at their scenes one by one, never
  choose a case or a threshold from them. A seed that has been looked at moves to DEVELOPMENT
  and a fresh one takes its place. (Seed 11 is not among them: it made the detector's test
  fixtures, picked by eye, and synthetic training scenes; 101-103 made the detector's synthetic
  training sets, models/MODEL_CARD.md.)

Every role renders SCENE_SIZE px scenes without camera effects and with drawn faces, as the
layout test does.
"""

FITTING = (1, 2)
DEVELOPMENT = (20261129, 3, 4, 5, 6, 7, 8, 9)
HELD_OUT = (12, 13, 14, 15, 16)
SCENES_PER_SEED = 300
# 16-tile scenes (datasets.synth.hands.YUHUAN read under rule set yuhuan): the same roles, their
# own seeds. The development one makes tests/test_layout_sixteen.py's scenes; the held-out ones
# give only the pooled rates of benchmarks/bench_layout.py --sets 5 (640 px, camera effects).
SIXTEEN_DEVELOPMENT = (1600,)
SIXTEEN_HELD_OUT = (1601, 1602)
SCENE_SIZE = 320
# Clutter scenes (styles "clutter" / "clutter-held-out", issue 28): 2800 is development (the
# unit tests' scenes); 2811-2812 are held out (benchmarks/bench_clutter.py: pooled rates only);
# 201 made the classifier's clutter training set (training/mine_clutter.py).
CLUTTER_DEVELOPMENT = (2800,)
CLUTTER_HELD_OUT = (2811, 2812)
CLUTTER_TRAINING = (201,)


def role(seed: int) -> str:
    """'fitting', 'development' or 'held out' ('unassigned' for any other seed)."""
    if seed in FITTING:
        return "fitting"
    if seed in DEVELOPMENT or seed in SIXTEEN_DEVELOPMENT or seed in CLUTTER_DEVELOPMENT:
        return "development"
    if seed in HELD_OUT or seed in SIXTEEN_HELD_OUT or seed in CLUTTER_HELD_OUT:
        return "held out"
    if seed in CLUTTER_TRAINING:
        return "training"
    return "unassigned"
# Red fives (vision/detect/red_five.py, benchmarks/bench_red_fives.py): the weights are fitted on
# "train" style scenes of RED_FIVE_FITTING; RED_FIVE_DEVELOPMENT's held-out-art scenes were looked
# at while choosing the features; figures are quoted on RED_FIVE_HELD_OUT's held-out art only.
RED_FIVE_FITTING = (3201, 3203)
RED_FIVE_DEVELOPMENT = (3202,)
RED_FIVE_HELD_OUT = (3204, 3205)
