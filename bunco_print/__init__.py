"""bunco-print: print-ready Bunco packs and a scoring engine that settles the night."""

__version__ = "0.1.0"
