"""The engine: totals judged, prizes awarded, ties broken, tournaments seated, nights simulated."""
