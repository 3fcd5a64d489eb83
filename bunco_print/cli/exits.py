"""The lines a command ends with when it does not end as planned (no imports: read first)."""

INTERRUPTED = "interrupted; nothing was left half-written"
BUG = (
    "bunco-print hit a bug ({}); please report it with the command you ran; "
    "--debug shows the details"
)
