from streams.log import EventLog


def test_append_assigns_consecutive_seqs_in_order(tmp_path):
    log = EventLog(tmp_path / "log")
    assert log.append([("a", b"1", []), ("b", b"2", ["m1"])]) == [0, 1]
    assert log.append([("c", b"3", [])]) == [2]
    assert [(s, v) for s, v in log.read()] == [(0, b"1"), (1, b"2"), (2, b"3")]
    assert list(log.read(2)) == [(2, b"3")]
    assert log.seqs_for_memory("m1") == [1]


def test_append_skips_ids_already_in_the_log_or_repeated_in_the_batch(tmp_path):
    log = EventLog(tmp_path / "log")
    log.append([("a", b"1", [])])
    assert log.append([("a", b"again", []), ("b", b"2", []), ("b", b"dup", [])]) == [None, 1, None]
    assert [v for _, v in log.read()] == [b"1", b"2"]


def test_log_reopens_at_its_end(tmp_path):
    log = EventLog(tmp_path / "log")
    log.append([("a", b"1", []), ("b", b"2", [])])
    log.close()
    again = EventLog(tmp_path / "log")
    assert again.next_seq == 2 and again.contains("a")
    assert again.append([("c", b"3", [])]) == [2]
