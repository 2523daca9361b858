# The plug-in package is imported only once installed (test_plugin_game.py installs it): never
# as a doctest module of this tree, which would register its agent in the test process.
collect_ignore = ["ninetynine_tinygame"]
