"""`python -m bunco_print` runs the command line."""

from bunco_print.cli import run

run()
