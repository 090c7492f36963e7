"""`python -m ctlstark` is the same program as the `ctlstark` command."""

from .cli import main

main()
