"""The night and its rules: rulesets, who sits where, bounds, money, a pack's plan, its manifest."""
