"""The Kafka runtime: the same engine, driven by Kafka topics and faust-streaming workers.

Each worker owns some partitions of the input topics (turns, commands; keyed by subject, so one
subject's events stay in one partition and one worker). It runs the embedded engine on its own data
directory and publishes every event it logs to the events topic (sealed, exactly as logged) and every
data key it writes or destroys to the compacted keys topic. Those two topics are the changelog: a
worker that takes over a partition, or whose local directory was wiped, rebuilds its view from them.
"""
