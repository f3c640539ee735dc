"""The Kafka runtime: the same engine, driven by Kafka topics and faust-streaming workers.

Each worker owns some partitions of the input topics (turns, commands; keyed by subject, so one
subject's events stay in one partition and one worker). For each partition it owns it keeps a state
store of its own (the embedded engine on a directory of its own, with the changelog offset it
reflects), and commits each batch's events (to the events topic, sealed exactly as logged), data keys
written or destroyed (to the compacted keys topic), dead letters and input offsets in one Kafka
transaction per partition. The events and keys topics are the changelog: a worker that gains a
partition, or whose store of it cannot be trusted, restores that partition from them.
"""
