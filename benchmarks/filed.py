"""The tree #18 was filed against, and what the issue measured on its machine: a benchmark run
with `--baseline` on a checkout of that tree scales this tree's figure by the issue's own, so
the goals (set for the slower kind of machine) are judged here too, whatever this machine's
speed:  `git worktree add --detach /tmp/filed f8718be`, then `--baseline /tmp/filed`.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

COMMIT = "f8718be"
# #18's "Why", two cores, medians of 5 (seconds): a never-printed night as a whole process, the
# 12-player pack in process, the catalogue's 96 packs with images
ISSUE = {"cold": 2.6, "12": 0.52, "catalogue": 48.0}


def is_filed(tree: Path) -> bool:
    """Whether `tree` is a checkout of the tree the issue was filed against."""
    found = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short=7", "HEAD"], capture_output=True, text=True
    )
    return found.stdout.strip() == COMMIT


def on_issue_machine(key: str, now: float, base: float, goal: float) -> str:
    """This tree's figure as it would be on the issue's machine: the issue's own figure for the
    filed tree, times this tree's share of the filed tree's time here."""
    estimate = ISSUE[key] * now / base
    verdict = "met" if estimate < goal else "NOT met"
    scaled = f"{ISSUE[key]} s x {now / base:.2f}"
    return f"{estimate:.2f} s on the issue's machine ({scaled}; goal {goal} s) {verdict}"
