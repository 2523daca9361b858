from ninetynine.cli.main import main

main()
