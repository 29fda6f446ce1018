"""feltcheck against PokerKit on the same hands: `python -m benchmarks.throughput --help`."""
