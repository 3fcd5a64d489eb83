"""`python -m bunco_print` runs the command line."""

from .cli import run

run()
