import ninetynine


def test_games_registered():
    assert ninetynine.list_games() == ["ninetynine", "ono99", "sixto", "tripwire", "warp99"]
