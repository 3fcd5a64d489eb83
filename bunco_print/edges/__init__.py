"""The edges: bounded reads, the one atomic writer, the config, the store, the background cache."""
