"""A pack laid out here forks once: the passes' child goes on to draw and write its half of the
files (forks.paired), and never leaves build_pack, whatever happens on its way."""

from __future__ import annotations

import os
import subprocess
import sys

from bunco_print.printing import forks

# A host's script: a pack made with something in the way (WHERE), then the same pack made by
# one process; it says which process got back from build_pack and how.
SCRIPT = """
import os, sys
from bunco_print.printing import forks, pack
from bunco_print.printing.pack import PackRequest, build_pack, pack_files

forked = []
real_fork = forks._forked_with_pipes
forks._forked_with_pipes = lambda: forked.append(1) or real_fork()
real_words = pack.night_words

def night_words(*args):
    if WHERE == "both" or (WHERE == "child" and forks.partnered()):
        raise ValueError("in the way")
    if WHERE == "child gone" and forks.partnered():
        os._exit(3)
    return real_words(*args)

WHERE = sys.argv[1]
pack.night_words = night_words
request = PackRequest(players=9, seed=5, date="2026-12-04")
try:
    made = pack_files(build_pack(request))
except ValueError:
    print("raised", os.getpid(), flush=True)
    sys.exit(0)
print("returned", os.getpid(), "forks", len(forked), flush=True)
WHERE = "nowhere"
os.environ["BUNCO_PRINT_JOBS"] = "1"
alone = pack_files(build_pack(request))
print("different", sorted(k for k in alone if made[k] != alone[k]), flush=True)
"""


def _run(where: str, tmp_path) -> tuple[list[str], str]:
    env = {**os.environ, "BUNCO_PRINT_CACHE": "off", "SOURCE_DATE_EPOCH": "1700000000"}
    env |= {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / ".config")}
    env.pop("BUNCO_PRINT_JOBS", None)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, where], env=env, capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines(), done.stdout


def test_a_pack_forks_once_and_is_the_same_as_one_process_makes_it(tmp_path):
    lines, out = _run("nowhere", tmp_path)
    assert len(lines) == 2 and lines[0].startswith("returned"), out
    # the passes' child drew and wrote its half too (none where forking is not safe)
    assert lines[0].endswith(f"forks {int(forks._may_fork())}"), out
    assert lines[1] == "different []", out


def test_a_child_that_fails_on_its_way_is_gone_and_its_half_is_made_here(tmp_path):
    for where in ("child", "child gone"):
        lines, out = _run(where, tmp_path)
        assert [line.split()[0] for line in lines] == ["returned", "different"], out
        assert lines[1] == "different []", out  # what the child did not give, made here


def test_an_error_on_both_sides_is_raised_here_once_and_the_child_is_gone(tmp_path):
    lines, out = _run("both", tmp_path)
    assert len(lines) == 1 and lines[0].startswith("raised"), out
