"""`python -m ctlstark` is the same program as the `ctlstark` command."""

from .cli import console

if __name__ == "__main__":  # not when a spawned child process imports this module as its main one
    console()
