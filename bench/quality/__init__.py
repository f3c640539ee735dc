"""Memory quality on long real conversations (LoCoMo): the engine's packed context against raw-turn
baselines with the same token budget. Run it with ``python -m bench.quality``."""
