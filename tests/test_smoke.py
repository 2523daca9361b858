import ninetynine


def test_games_registered():
    assert ninetynine.list_games() == [
        "heroes99",
        "ninetynine",
        "ono99",
        "sixto",
        "tripwire",
        "warp99",
    ]
