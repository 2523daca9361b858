"""The ``ninetynine`` command (Typer + Rich): play, simulate, replay, rules, games."""
