"""`python -m ctlstark` is the same program as the `ctlstark` command."""

from .cli import main

if __name__ == "__main__":  # not when a spawned child process imports this module as its main one
    main()
