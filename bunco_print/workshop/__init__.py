"""A theme maker's tools: a new theme folder, the checks every theme passes, its preview."""
