"""A night's use cases: loaded, validated and settled from files, or live as phones enter it."""
